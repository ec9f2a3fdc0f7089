import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'encouragements' })
export class EncouragementEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @Column('text', { name: 'sender_name' })
  senderName: string;

  @Column('text')
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
