import { connection, paginate, type View } from './linear-connections.js';
import type { UserRecord } from './linear-records.js';
import { membershipsOf, membershipView } from './linear-teams.js';
import { issuesOf, lookupRecord, type Resolving, type Root } from './linear-views.js';

/** The workspace as `organization` answers it: its name, counts and lists. */
export function organizationView(r: Resolving): () => View {
  const ws = r.workspace;
  return () => {
    const org = ws.organization;
    return {
      __typename: 'Organization',
      id: org.id,
      name: org.name,
      urlKey: org.urlKey,
      createdAt: org.createdAt,
      updatedAt: org.createdAt,
      userCount: ws.users.size,
      createdIssueCount: ws.issues.size,
      teams: connection(() => [...ws.teams.values()], r.views.team),
      users: connection(() => [...ws.users.values()], r.views.user),
      labels: connection(() => [...ws.labels.values()], r.views.label),
      projectStatuses: () => [...ws.projectStatuses.values()].map(r.views.projectStatus),
    };
  };
}

/** A user; `isMe` is true for the token's own user. */
export function userView(r: Resolving): (user: UserRecord) => View {
  const ws = r.workspace;
  return (user) => ({
    __typename: 'User',
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    email: user.email,
    active: user.active,
    admin: user.admin,
    guest: false,
    app: false,
    owner: user.admin,
    isAssignable: true,
    isMentionable: true,
    isMe: user.id === r.viewerId,
    initials: user.name
      .split(/\s+/)
      .map((part) => part[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
    avatarBackgroundColor: '#5e6ad2',
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    url: `https://linear.app/${ws.organization.urlKey}/profiles/${user.displayName}`,
    organization: r.views.organization,
    assignedIssues: connection(() => issuesOf(ws, (issue) => issue.assigneeId === user.id), r.views.issue),
    createdIssues: connection(() => issuesOf(ws, (issue) => issue.creatorId === user.id), r.views.issue),
    createdIssueCount: () => issuesOf(ws, (issue) => issue.creatorId === user.id).length,
    teams: connection(
      () => [...ws.teams.values()].filter((team) => team.memberIds.includes(user.id)),
      r.views.team,
    ),
    teamMemberships: connection(() => membershipsOf(ws, (m) => m.userId === user.id), membershipView(r)),
  });
}

/** `viewer`, `organization`, `user(id)` and `users`. */
export function userQueries(r: Resolving): Root {
  const ws = r.workspace;
  return {
    viewer: () => r.views.user(ws.users.get(r.viewerId)!),
    organization: () => r.views.organization(),
    user: ({ id }) => r.views.user(lookupRecord(ws.users, id, 'User')),
    users: (args) => paginate([...ws.users.values()], args, r.views.user),
  };
}
