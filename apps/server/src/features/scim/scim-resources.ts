import SCIMMY from 'scimmy';
import { isRowId } from '../../lib/row-id';
import {
  deleteScimUser,
  getScimUser,
  listScimUsers,
  provisionScimUser,
  replaceScimUser,
  type ScimCaller,
  type ScimUserInput,
} from './scim-users.service';
import {
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  writeScimGroup,
  type ScimGroupInput,
} from './scim-groups.service';

/*
 * SCIMMY (docs/product.md#scim-provisioning) does the protocol: filters, PATCH operations applied
 * to the resource, RFC 7643 shapes in and out, list paging and errors with their `scimType`. It is
 * a process-wide registry, so it is declared once, and each call carries its own ScimCaller.
 */

let declaredFor: string | null = null;

const notFound = (kind: string, id: string) =>
  new SCIMMY.Types.Error(404, null as unknown as string, `${kind} ${id} not found`);

/** What a User resource posted or patched asks of us. */
function userInput(instance: Record<string, unknown>): ScimUserInput {
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
function groupInput(instance: Record<string, unknown>): ScimGroupInput {
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

/**
 * `<attribute> eq "…"`, the lookup Okta and Entra ID make before each create (`userName` for a
 * person, `displayName` for a group), done in SQL.
 */
function equalityLookup(
  filter: SCIMMY.Types.Filter | undefined,
  wanted: string,
): string | undefined {
  if (!filter || filter.length !== 1) return undefined;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [attribute, expression] = entries[0]!;
  if (attribute.toLowerCase() !== wanted || !Array.isArray(expression)) return undefined;
  const [comparator, value] = expression as unknown[];
  return String(comparator).toLowerCase() === 'eq' && typeof value === 'string' ? value : undefined;
}

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, false: false };

const booleanOf = (value: unknown) =>
  typeof value === 'string' && value.toLowerCase() in BOOLEAN_TEXT
    ? BOOLEAN_TEXT[value.toLowerCase()]
    : value;

/**
 * Entra ID apps made before its 2020 fix send `active` in PATCH as the strings "True" and
 * "False" (Microsoft documents the quirk); they are read as what they mean before SCIMMY checks
 * the types. Entra's other habits (a `name` on each operation, removing a member by `value`)
 * SCIMMY takes as they are.
 */
export function withEntraBooleans(message: unknown): unknown {
  const operations = (message as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations)) return message;
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

/** Declares the User resource and the service's capabilities, with `baseUrl` in every location. */
export function declareScim(baseUrl: string): void {
  if (declaredFor === baseUrl) return;
  declaredFor = baseUrl;
  if (!SCIMMY.Resources.declared('User')) {
    SCIMMY.Resources.declare(SCIMMY.Resources.User)
      .egress(async (resource, caller: ScimCaller) => {
        if (resource.id) {
          if (!isRowId(resource.id))
            throw new SCIMMY.Types.Error(
              404,
              null as unknown as string,
              `User ${resource.id} not found`,
            );
          return getScimUser(caller.ctx.db, caller.accountId, resource.id);
        }
        const lookup = equalityLookup(resource.filter, 'username');
        const users = await listScimUsers(caller.ctx.db, caller.accountId, lookup);
        return resource.filter && lookup === undefined ? resource.filter.match(users) : users;
      })
      .ingress(async (resource, instance, caller: ScimCaller) => {
        const input = userInput(instance as unknown as Record<string, unknown>);
        if (!resource.id) return provisionScimUser(caller, input);
        if (!isRowId(resource.id))
          throw new SCIMMY.Types.Error(
            404,
            null as unknown as string,
            `User ${resource.id} not found`,
          );
        return replaceScimUser(caller, resource.id, input);
      })
      .degress(async (resource, caller: ScimCaller) => {
        if (!resource.id || !isRowId(resource.id)) {
          throw new SCIMMY.Types.Error(
            404,
            null as unknown as string,
            `User ${resource.id} not found`,
          );
        }
        await deleteScimUser(caller, resource.id);
      });
    SCIMMY.Resources.declare(SCIMMY.Resources.Group)
      .egress(async (resource, caller: ScimCaller) => {
        if (resource.id) {
          if (!isRowId(resource.id)) throw notFound('Group', resource.id);
          return getScimGroup(caller.ctx.db, caller.accountId, resource.id);
        }
        const lookup = equalityLookup(resource.filter, 'displayname');
        const groups = await listScimGroups(caller.ctx.db, caller.accountId, lookup);
        return resource.filter && lookup === undefined ? resource.filter.match(groups) : groups;
      })
      .ingress(async (resource, instance, caller: ScimCaller) => {
        const input = groupInput(instance as unknown as Record<string, unknown>);
        if (resource.id && !isRowId(resource.id)) throw notFound('Group', resource.id);
        return writeScimGroup(caller, resource.id ?? null, input);
      })
      .degress(async (resource, caller: ScimCaller) => {
        if (!resource.id || !isRowId(resource.id)) throw notFound('Group', String(resource.id));
        await deleteScimGroup(caller, resource.id);
      });
    SCIMMY.Config.set({
      patch: true,
      filter: { supported: true, maxResults: 200 },
      bulk: false,
      changePassword: false,
      sort: false,
      etag: false,
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'OAuth Bearer Token',
          description: 'The SCIM token made on Account → Single sign-on',
          specUri: 'https://datatracker.ietf.org/doc/html/rfc6750',
        },
      ],
    });
  }
  for (const resource of [
    SCIMMY.Resources.User,
    SCIMMY.Resources.Group,
    SCIMMY.Resources.Schema,
    SCIMMY.Resources.ResourceType,
    SCIMMY.Resources.ServiceProviderConfig,
  ]) {
    resource.basepath(baseUrl);
  }
}
