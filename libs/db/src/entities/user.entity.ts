import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

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

  /**
   * The TOTP secret (RFC 6238), AES-256-GCM encrypted by the api; set at enrolment, in force
   * once `totpEnabledAt` is set. Never answered by any endpoint after enrolment.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  totpSecret: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null;

  /** The last TOTP time step accepted: a code is good once (no replay within its window). */
  @Column({ type: 'integer', nullable: true })
  totpLastStep: number | null;
}

/** One single-use recovery code of an account's two-factor sign-in, stored as a SHA-256 hash. */
@Entity('totp_recovery_codes')
@Index(['userId', 'codeHash'], { unique: true })
export class TotpRecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
