import { createHash } from 'node:crypto';
import type { Caller } from './google-access.js';
import { insufficientPermissions, invalid, masked, readJson, truthy } from './google-drive-common.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState, Role, SharedRole, SimFile } from './google-state.js';

/** Drive answers these unless `fields` asks for more: "kind, ID, type, and role are always returned". */
const DEFAULT_FIELDS = 'kind,id,type,role';
const TYPES = ['user', 'group', 'domain', 'anyone'] as const;
const ROLES = ['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader'] as const;
/** Permission fields a client may send; the rest are output only. */
const WRITABLE = new Set([
  'type',
  'role',
  'emailAddress',
  'domain',
  'allowFileDiscovery',
  'expirationTime',
  'view',
  'pendingOwner',
]);
const ANYONE_ID = 'anyoneWithLink';
const ROLE_RANK: Record<Role, number> = { owner: 4, writer: 3, commenter: 2, reader: 1 };

/** A Drive `Permission` resource. */
export interface PermissionResource {
  kind: 'drive#permission';
  id: string;
  type: (typeof TYPES)[number];
  role: Role;
  emailAddress?: string;
  domain?: string;
  displayName?: string;
  photoLink?: string;
  allowFileDiscovery?: boolean;
  deleted?: boolean;
  pendingOwner?: boolean;
}

/** The permission id Drive gives a person or group: stable for that email address. */
function principalId(state: DocsSimulatorState, email: string): string {
  return (
    state.users.get(email)?.permissionId ?? createHash('sha256').update(email).digest('hex').slice(0, 20)
  );
}

function domainId(domain: string): string {
  return createHash('sha256').update(`domain:${domain}`).digest('hex').slice(0, 20);
}

/** Everyone with access to a file, as Drive lists them: people and groups, domains, anyone with the link. */
export function permissionResources(state: DocsSimulatorState, file: SimFile): PermissionResource[] {
  const people = [...file.permissions]
    .sort(([, a], [, b]) => ROLE_RANK[b] - ROLE_RANK[a])
    .map(([email, role]): PermissionResource => {
      const group = state.groups.has(email);
      return {
        kind: 'drive#permission',
        id: principalId(state, email),
        type: group ? 'group' : 'user',
        emailAddress: email,
        role,
        displayName: state.users.get(email)?.displayName ?? email,
        ...(group ? {} : { photoLink: 'https://lh3.googleusercontent.com/a/default-user=s64' }),
        deleted: false,
        pendingOwner: false,
      };
    });
  const domains = [...file.domains].map(
    ([domain, role]): PermissionResource => ({
      kind: 'drive#permission',
      id: domainId(domain),
      type: 'domain',
      domain,
      role,
      displayName: domain,
      allowFileDiscovery: false,
    }),
  );
  const anyone: PermissionResource[] = file.anyoneWithLink
    ? [
        {
          kind: 'drive#permission',
          id: ANYONE_ID,
          type: 'anyone',
          role: file.anyoneWithLink,
          allowFileDiscovery: false,
        },
      ]
    : [];
  return [...people, ...domains, ...anyone];
}

function permissionNotFound(id: string): Response {
  return driveErrorResponse(404, 'notFound', `Permission not found: ${id}.`, {
    location: 'permissionId',
    locationType: 'parameter',
  });
}

function required(field: string): Response {
  return driveErrorResponse(400, 'required', `The permission ${field} field is required.`, {
    location: `permission.${field}`,
    locationType: 'other',
  });
}

/** Gives `email` the role on a file; making someone owner moves the previous owner to writer. */
function share(state: DocsSimulatorState, file: SimFile, email: string, role: Role): void {
  if (role === 'owner') {
    file.permissions.set(file.owner, 'writer');
    file.owner = email;
  }
  file.permissions.set(email, role);
  if (!state.users.has(email) && !state.groups.has(email)) state.addUser(email, email.split('@')[0]!);
}

function changeRole(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  permission: PermissionResource,
  role: string,
  url: URL,
): Response | undefined {
  if (!(ROLES as readonly string[]).includes(role))
    return invalid('permission.role', `Invalid role: ${role}`);
  if (role === 'organizer' || role === 'fileOrganizer') {
    return driveErrorResponse(
      403,
      'invalidSharingRequest',
      `The ${role} role applies only to items in shared drives.`,
    );
  }
  if (role === 'owner') {
    if (permission.type !== 'user') {
      return invalid('permission.role', 'Only a user can own a file.', 'invalidSharingRequest');
    }
    if (!truthy(url.searchParams.get('transferOwnership'))) {
      return driveErrorResponse(
        403,
        'forbidden',
        "The transferOwnership parameter must be enabled when the permission role is 'owner'.",
      );
    }
    if (file.owner !== caller.user) return insufficientPermissions();
  }
  const shared = role as SharedRole | 'owner';
  if (permission.type === 'anyone') file.anyoneWithLink = shared === 'owner' ? 'writer' : shared;
  else if (permission.type === 'domain')
    file.domains.set(permission.domain!, shared === 'owner' ? 'writer' : shared);
  else share(state, file, permission.emailAddress!, shared);
  return undefined;
}

async function createPermission(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
): Promise<Response> {
  const body = await readJson(request);
  if (body instanceof Response) return body;
  if (Object.keys(body).some((key) => !WRITABLE.has(key))) {
    return driveErrorResponse(
      403,
      'fieldNotWritable',
      'The resource body includes fields which are not directly writable.',
    );
  }
  const { type, role, emailAddress, domain } = body;
  if (type === undefined) return required('type');
  if (role === undefined) return required('role');
  if (!(TYPES as readonly unknown[]).includes(type))
    return invalid('permission.type', `Invalid permission type: ${String(type)}`);
  if (
    (type === 'user' || type === 'group') &&
    (typeof emailAddress !== 'string' || !emailAddress.includes('@'))
  ) {
    return required('emailAddress');
  }
  if (type === 'domain' && (typeof domain !== 'string' || domain === '')) return required('domain');
  const permission: PermissionResource = {
    kind: 'drive#permission',
    id: '',
    type: type as PermissionResource['type'],
    role: 'reader',
    ...(typeof emailAddress === 'string' ? { emailAddress: emailAddress.toLowerCase() } : {}),
    ...(typeof domain === 'string' ? { domain } : {}),
  };
  if (type === 'group') state.groups.add(permission.emailAddress!);
  const refused = changeRole(state, caller, file, permission, String(role), url);
  if (refused) {
    if (type === 'group' && !file.permissions.has(permission.emailAddress!))
      state.groups.delete(permission.emailAddress!);
    return refused;
  }
  const created = permissionResources(state, file).find((entry) =>
    type === 'anyone'
      ? entry.type === 'anyone'
      : type === 'domain'
        ? entry.domain === domain
        : entry.emailAddress === permission.emailAddress,
  )!;
  return masked({ ...created }, url.searchParams.get('fields'), DEFAULT_FIELDS);
}

function removePermission(file: SimFile, permission: PermissionResource): Response | undefined {
  if (permission.role === 'owner') {
    return driveErrorResponse(
      403,
      'forbidden',
      "The owner's permission cannot be deleted: transfer ownership to someone else first.",
    );
  }
  if (permission.type === 'anyone') file.anyoneWithLink = undefined;
  else if (permission.type === 'domain') file.domains.delete(permission.domain!);
  else file.permissions.delete(permission.emailAddress!);
  return undefined;
}

interface PageToken {
  offset: number;
}

/**
 * Drive's `permissions` resource on one file: list (paged), create (people, groups, a domain,
 * anyone with the link; `transferOwnership` to make someone owner), get, update (the role) and
 * delete, with Drive's JSON errors. Only those who may share (owner, writers) manage permissions.
 */
export async function permissionsRoute(
  state: DocsSimulatorState,
  caller: Caller,
  file: SimFile,
  request: Request,
  url: URL,
  permissionId: string | undefined,
): Promise<Response> {
  const method = request.method;
  if (!state.can(file, caller.user, 'writer')) return insufficientPermissions();
  const all = permissionResources(state, file);
  if (permissionId === undefined) {
    if (method === 'POST') return createPermission(state, caller, file, request, url);
    if (method !== 'GET')
      return driveErrorResponse(405, 'httpMethodNotAllowed', `Method ${method} not allowed.`);
    const sizeText = url.searchParams.get('pageSize') ?? '100';
    const size = Number(sizeText);
    if (!/^\d+$/.test(sizeText) || size < 1 || size > 100) {
      return invalid('pageSize', `Invalid value '${sizeText}'. Values must be within the range: [1, 100]`);
    }
    let offset = 0;
    const token = url.searchParams.get('pageToken');
    if (token) {
      try {
        offset = (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PageToken).offset;
      } catch {
        return invalid('pageToken');
      }
      if (!Number.isInteger(offset) || offset < 0) return invalid('pageToken');
    }
    const next =
      offset + size < all.length
        ? Buffer.from(JSON.stringify({ offset: offset + size })).toString('base64url')
        : undefined;
    return masked(
      {
        kind: 'drive#permissionList',
        ...(next ? { nextPageToken: next } : {}),
        permissions: all.slice(offset, offset + size),
      },
      url.searchParams.get('fields'),
      `kind,nextPageToken,permissions(${DEFAULT_FIELDS})`,
    );
  }
  const permission = all.find((entry) => entry.id === permissionId);
  if (!permission) return permissionNotFound(permissionId);
  if (method === 'GET') return masked({ ...permission }, url.searchParams.get('fields'), DEFAULT_FIELDS);
  if (method === 'DELETE') {
    const refused = removePermission(file, permission);
    return refused ?? new Response(null, { status: 204 });
  }
  if (method === 'PATCH') {
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const extra = Object.keys(body).find(
      (key) => key !== 'role' && key !== 'expirationTime' && key !== 'view',
    );
    if (extra) {
      return driveErrorResponse(
        403,
        'fieldNotWritable',
        'The resource body includes fields which are not directly writable.',
      );
    }
    if (typeof body.role === 'string') {
      if (permission.role === 'owner' && body.role !== 'owner') {
        return driveErrorResponse(
          403,
          'forbidden',
          "The owner's role cannot be changed: transfer ownership to someone else first.",
        );
      }
      const refused = changeRole(state, caller, file, permission, body.role, url);
      if (refused) return refused;
    }
    const updated = permissionResources(state, file).find((entry) => entry.id === permissionId) ?? permission;
    return masked({ ...updated }, url.searchParams.get('fields'), DEFAULT_FIELDS);
  }
  return driveErrorResponse(405, 'httpMethodNotAllowed', `Method ${method} not allowed.`);
}
