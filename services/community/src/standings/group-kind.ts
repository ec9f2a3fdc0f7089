/** The kinds of group whose members' pages add up to standings. */
export const GROUP_KINDS = ['team', 'charity', 'event'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/** A group of one kind: its own table holds the rest (name, captain…), standings hold its sums. */
export interface GroupRef {
  kind: GroupKind;
  id: string;
}
