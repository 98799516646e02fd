import SCIMMY from 'scimmy';
import { isRowId } from '../../lib/row-id';
import type { ScimGroupInput } from './scim-groups.service';
import type { ScimUserInput } from './scim-users.service';

/*
 * What the IdP's SCIM bodies ask of us, read from the resources SCIMMY has checked against the
 * User and Group schemas (docs/product.md#scim-provisioning).
 */

/** What a User resource posted or patched asks of us. */
export function userInput(instance: Record<string, unknown>): ScimUserInput {
  const emails = Array.isArray(instance.emails)
    ? (instance.emails as { value?: unknown; primary?: unknown }[])
    : [];
  const email = (emails.find((entry) => entry.primary === true) ?? emails[0])?.value;
  const userName = String(instance.userName ?? '');
  const address = (typeof email === 'string' ? email : userName).trim().toLowerCase();
  if (!address.includes('@')) {
    throw new SCIMMY.Types.Error(
      400,
      'invalidValue',
      'userName or a primary email must be the person’s e-mail address',
    );
  }
  const name = (instance.name ?? {}) as { givenName?: unknown; familyName?: unknown };
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
  return {
    userName,
    externalId: text(instance.externalId),
    email: address,
    givenName: text(name.givenName),
    familyName: text(name.familyName),
    active: instance.active !== false,
  };
}

/** What a Group resource posted or patched asks of us. */
export function groupInput(instance: Record<string, unknown>): ScimGroupInput {
  const displayName = typeof instance.displayName === 'string' ? instance.displayName.trim() : '';
  if (!displayName) {
    throw new SCIMMY.Types.Error(400, 'invalidValue', 'displayName is required');
  }
  const members = Array.isArray(instance.members)
    ? (instance.members as { value?: unknown }[])
    : [];
  return {
    displayName: displayName.slice(0, 200),
    externalId:
      typeof instance.externalId === 'string' && instance.externalId.trim()
        ? instance.externalId.trim().slice(0, 200)
        : null,
    memberIds: members.map((member) => {
      const id = String(member.value ?? '');
      if (!isRowId(id)) {
        throw new SCIMMY.Types.Error(
          400,
          'invalidValue',
          `member ${id} is not a user provisioned here`,
        );
      }
      return id;
    }),
  };
}

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, false: false };

const booleanOf = (value: unknown) =>
  typeof value === 'string' && value.toLowerCase() in BOOLEAN_TEXT
    ? BOOLEAN_TEXT[value.toLowerCase()]
    : value;

/**
 * An `add` or `replace` without a `path` changes the resource itself, so its value must be an
 * object of attributes. SCIMMY fails on any other value without saying why;
 * it is refused here as the bad request it is.
 */
function requirePathlessValuesObjects(operations: unknown[]): void {
  for (const operation of operations) {
    if (!operation || typeof operation !== 'object') continue;
    const { op, path, value } = operation as Record<string, unknown>;
    const kind = typeof op === 'string' ? op.toLowerCase() : '';
    const pathless = path === undefined || path === null || path === '';
    if ((kind === 'add' || kind === 'replace') && pathless) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        throw new SCIMMY.Types.Error(
          400,
          'invalidValue',
          `An ${kind} without a path needs an object of attributes as its value`,
        );
      }
    }
  }
}

/**
 * Entra ID apps made before its 2020 fix send `active` in PATCH as the strings "True" and
 * "False" (Microsoft documents the quirk); they are read as what they mean before SCIMMY checks
 * the types. Entra's other habits (a `name` on each operation, removing a member by `value`)
 * SCIMMY takes as they are.
 */
export function withEntraBooleans(message: unknown): unknown {
  const operations = (message as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations)) return message;
  requirePathlessValuesObjects(operations);
  const read = operations.map((operation: unknown) => {
    if (!operation || typeof operation !== 'object') return operation;
    const { path, value } = operation as Record<string, unknown>;
    if (typeof path === 'string' && path.toLowerCase() === 'active') {
      return { ...operation, value: booleanOf(value) };
    }
    if (path === undefined && value && typeof value === 'object' && 'active' in value) {
      return {
        ...operation,
        value: { ...value, active: booleanOf((value as { active: unknown }).active) },
      };
    }
    return operation;
  });
  return { ...(message as object), Operations: read };
}
