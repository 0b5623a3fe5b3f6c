import type { Executor } from '../../db/executor.ts';
import { isCleanValue } from '../../http/security-hooks.ts';
import type { Scope } from '../access/service.ts';
import type { RowProblem } from '../import/kinds.ts';
import * as q from './queries.ts';

/**
 * What a console import may write for the console user who sends it, checked on every row
 * before the kind's own references, so a refused row says only that it is not about the user's clients (the row
 * and the column, never who owns what: a row about another manager's client and a row about a unit its owner does
 * not hold get different answers only where the owner is the manager's own client).
 *
 * - A row that names an owner (`userId`, the incomes) must name one of the manager's clients.
 * - A row that names a unit (`unitId`: bookings, inventory, a unit's timeline) must name a unit no one outside the
 *   manager's clients holds (as owner or lender); units nobody holds are the company's, like the catalogue.
 * - Rows of a whole location (outcomes, inspections, location timelines) and the catalogue kinds are the company's
 *   data, which every manager keeps (as in the console's catalogue).
 * - An admin may import everything.
 *
 * Every row of every kind, for admins too, is also refused when its text holds a NUL or a lone surrogate (the
 * database cannot store them; the same rule as the API's input, see http/security-hooks.ts).
 */
export async function importRowCheck(
  db: Executor,
  scope: Scope,
): Promise<(row: Record<string, unknown>) => RowProblem | null> {
  const clean = (row: Record<string, unknown>): RowProblem | null =>
    isCleanValue(row) ? null : { field: 'row', key: 'request.badText' };
  if (scope.kind === 'all') return clean;

  const clients = new Set((await q.ownerIdsInScope(db, scope)).map((row) => Number(row.id)));
  const unitsOfOthers = new Set(
    (await q.allUnitLinks(db))
      .filter((link) => !clients.has(Number(link.user_id)))
      .map((link) => Number(link.unit_id)),
  );
  return (row) => {
    const problem = clean(row);
    if (problem) return problem;
    if (typeof row.userId === 'number') {
      return clients.has(row.userId) ? null : { field: 'userId', key: 'import.outOfScope' };
    }
    if (typeof row.unitId === 'number' && unitsOfOthers.has(row.unitId)) {
      return { field: 'unitId', key: 'import.outOfScope' };
    }
    return null;
  };
}
