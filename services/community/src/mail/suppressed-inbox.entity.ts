import { Entity, PrimaryColumn } from 'typeorm';

/** An inbox that asked for no more mail (its hash only), from `profiles.inbox.suppressed` (decision 0016). */
@Entity({ name: 'suppressed_inboxes' })
export class SuppressedInboxEntity {
  @PrimaryColumn('text', { name: 'inbox_hash' })
  inboxHash: string;
}
