/** The kinds of group whose members' pages add up to standings. */
export const GROUP_KINDS = ['team', 'charity', 'event'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/**
 * Kinds whose runners raise in many currencies and show what was raised in each (an event); the
 * others count raised money in the group's own currency only.
 */
export const COUNTED_PER_CURRENCY: ReadonlySet<GroupKind> = new Set<GroupKind>(['event']);

/** A group of one kind: its own table holds the rest (name, captain…), standings hold its sums. */
export interface GroupRef {
  kind: GroupKind;
  id: string;
}
