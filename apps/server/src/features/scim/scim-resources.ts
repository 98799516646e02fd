import SCIMMY from 'scimmy';
import { isRowId } from '../../lib/row-id';
import {
  deleteScimUser,
  getScimUser,
  listScimUsers,
  provisionScimUser,
  replaceScimUser,
  type ScimCaller,
} from './scim-users.service';
import { groupInput, userInput } from './scim-input';
import {
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  writeScimGroup,
} from './scim-groups.service';

/*
 * SCIMMY (docs/product.md#scim-provisioning) does the protocol: filters, PATCH operations applied
 * to the resource, RFC 7643 shapes in and out, list paging and errors with their `scimType`. It is
 * a process-wide registry, so it is declared once, and each call carries its own ScimCaller.
 */

let declaredFor: string | null = null;

/** A resource's id as our row id; anything else names nothing here (404). */
function rowIdOf(kind: 'User' | 'Group', id: string | undefined): string {
  if (id && isRowId(id)) return id;
  throw new SCIMMY.Types.Error(404, null as unknown as string, `${kind} ${id ?? ''} not found`);
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

/** Declares the User resource and the service's capabilities, with `baseUrl` in every location. */
export function declareScim(baseUrl: string): void {
  if (declaredFor === baseUrl) return;
  declaredFor = baseUrl;
  if (!SCIMMY.Resources.declared('User')) {
    SCIMMY.Resources.declare(SCIMMY.Resources.User)
      .egress(async (resource, caller: ScimCaller) => {
        if (resource.id) {
          return getScimUser(caller.ctx.db, caller.accountId, rowIdOf('User', resource.id));
        }
        const lookup = equalityLookup(resource.filter, 'username');
        const users = await listScimUsers(caller.ctx.db, caller.accountId, lookup);
        return resource.filter && lookup === undefined ? resource.filter.match(users) : users;
      })
      .ingress(async (resource, instance, caller: ScimCaller) => {
        const input = userInput(instance as unknown as Record<string, unknown>);
        if (!resource.id) return provisionScimUser(caller, input);
        return replaceScimUser(caller, rowIdOf('User', resource.id), input);
      })
      .degress(async (resource, caller: ScimCaller) => {
        await deleteScimUser(caller, rowIdOf('User', resource.id));
      });
    SCIMMY.Resources.declare(SCIMMY.Resources.Group)
      .egress(async (resource, caller: ScimCaller) => {
        if (resource.id) {
          return getScimGroup(caller.ctx.db, caller.accountId, rowIdOf('Group', resource.id));
        }
        const lookup = equalityLookup(resource.filter, 'displayname');
        const groups = await listScimGroups(caller.ctx.db, caller.accountId, lookup);
        return resource.filter && lookup === undefined ? resource.filter.match(groups) : groups;
      })
      .ingress(async (resource, instance, caller: ScimCaller) => {
        const input = groupInput(instance as unknown as Record<string, unknown>);
        return writeScimGroup(caller, resource.id ? rowIdOf('Group', resource.id) : null, input);
      })
      .degress(async (resource, caller: ScimCaller) => {
        await deleteScimGroup(caller, rowIdOf('Group', resource.id));
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
