/** The kinds of group whose members' pages add up to standings. */
export const GROUP_KINDS = ['team', 'charity', 'event'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/** A group of one kind: its own table holds the rest (name, captain…), standings hold its sums. */
export interface GroupRef {
  kind: GroupKind;
  id: string;
}

/**
 * The currency of a group raising in several (a charity, an event): its standing keeps donors, meters and the
 * member count; what is raised is kept per currency (`standing_currency_sums`), never converted.
 */
export const PER_CURRENCY = '*';
