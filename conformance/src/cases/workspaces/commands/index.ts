/**
 * The commands of the workspace state-machine case, one per file, combined into `fc.commands`
 * arbitraries. Indices pick a workspace or a user modulo their number; member operations the
 * rules leave unspecified are never run (their `check` is false).
 */
import { workspaceRules } from '@vendor-api/spec';
import fc from 'fast-check';
import { SENT_ROLES } from '../support.js';
import { ArchiveCommand } from './archive.js';
import { CreateCommand } from './create.js';
import { ListCommand } from './list.js';
import { MemberAddCommand } from './member-add.js';
import { MemberRemoveCommand } from './member-remove.js';
import { MemberUpdateCommand } from './member-update.js';
import type { WsModel, WsReal } from './model.js';
import { OrgRoleCommand } from './org-role.js';

export type { UserHandle, WsModel, WsReal } from './model.js';

type Arb = fc.Arbitrary<fc.AsyncCommand<WsModel, WsReal>>;

const ws = fc.nat({ max: 3 });
const user = fc.nat({ max: 3 });
const role = fc.constantFrom(...SENT_ROLES);

export function workspaceCommands(): Arb[] {
  const create: Arb = fc.stringMatching(/^[a-z]{1,6}$/).map((l) => new CreateCommand(l));
  const archive: Arb = fc
    .tuple(ws, fc.constantFrom<'admin' | 'workspace'>('admin', 'admin', 'workspace'))
    .map(([i, c]) => new ArchiveCommand(i, c));
  const list: Arb = fc
    .tuple(
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    )
    .map(([a, l]) => new ListCommand(a, l));
  // Repeats weigh the choice toward the commands that change state.
  return [
    create,
    create,
    archive,
    archive,
    list,
    fc.tuple(ws, user, role).map(([w, u, r]) => new MemberAddCommand(w, u, r)),
    fc.tuple(ws, user, role).map(([w, u, r]) => new MemberAddCommand(w, u, r)),
    fc.tuple(ws, user, role).map(([w, u, r]) => new MemberUpdateCommand(w, u, r)),
    fc.tuple(ws, user, role).map(([w, u, r]) => new MemberUpdateCommand(w, u, r)),
    fc.tuple(ws, user).map(([w, u]) => new MemberRemoveCommand(w, u)),
    fc.tuple(ws, user).map(([w, u]) => new MemberRemoveCommand(w, u)),
    fc.tuple(user, fc.constantFrom(...workspaceRules.ORG_ROLES)).map(([u, r]) => new OrgRoleCommand(u, r)),
  ];
}
