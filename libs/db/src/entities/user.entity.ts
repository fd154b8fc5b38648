import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
// E-mail is unique ignoring case; the expression index lives in the migration.
@Index('UQ_users_email_lower', { synchronize: false })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 150 })
  firstName: string;

  @Column({ type: 'varchar', length: 150 })
  lastName: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  mobileNumber: string;

  @Column({ default: false })
  givesPermission: boolean;

  @Column({ default: false })
  isActive: boolean;

  @Column({ default: false })
  isStaff: boolean;

  @Column({ default: false })
  isGuest: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  /** Bumped on password change or deactivation: refresh tokens issued before it are dead. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  credentialsChangedAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  dateJoined: Date;
}
