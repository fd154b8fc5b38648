import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { toMessage } from '@/lib/api/client';
import {
  useRegenerateRecoveryCodes,
  useTotpConfirm,
  useTotpDisable,
  useTotpSetup,
  useTotpStatus,
} from '../api/security/totp';
import { FormAlert } from '../components/FormAlert';
import { Loaded } from '../components/Loaded';
import { MSG } from '../messages';

/**
 * /adminSecurity: two-factor sign-in for this staff account. Set up shows a QR code (and the
 * secret to type by hand) for an authenticator app; the first code turns it on and shows ten
 * single-use recovery codes once. When configuration requires it, staff land here until it is on.
 */
export function TwoFactorScreen() {
  const status = useTotpStatus();
  // Held here, not in the setup panel: turning it on reloads the status, which swaps the panel
  // for the "on" one, and the codes must stay until the person says they have kept them.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <div className="admin-page admin-page--narrow">
        <header className="admin-page__header">
          <h1>TWO-FACTOR SIGN-IN</h1>
        </header>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </div>
    );
  }
  return (
    <div className="admin-page admin-page--narrow">
      <header className="admin-page__header">
        <h1>TWO-FACTOR SIGN-IN</h1>
      </header>
      <Loaded query={status} errorText={MSG.someError}>
        {(state) =>
          state.enabled ? (
            <TotpOn required={state.required} left={state.recovery_codes_left} onCodes={setCodes} />
          ) : (
            <TotpSetupPanel required={state.required} onCodes={setCodes} />
          )
        }
      </Loaded>
    </div>
  );
}

function TotpSetupPanel({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <section className="panel totp" aria-label="Set up two-factor sign-in">
      {required && (
        <p role="status" className="totp__required">
          Staff accounts on this site need two-factor sign-in: turn it on to use the admin console.
        </p>
      )}
      <p>
        Each sign-in will ask, after your password, for a 6-digit code from an authenticator app on your phone (Google
        Authenticator, Authy, 1Password, …).
      </p>
      {!setup.data ? (
        <>
          <FormAlert message={setup.error ? toMessage(setup.error) : null} />
          <button
            type="button"
            className="button button--primary"
            disabled={setup.isPending}
            onClick={() => setup.mutate()}
          >
            Set up two-factor sign-in
          </button>
        </>
      ) : (
        <form
          className="totp__setup"
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^\d{6}$/.test(code.trim())) {
              setError('Please, enter the 6-digit code the app shows');
              return;
            }
            setError(null);
            confirm.mutate(code.trim(), {
              onSuccess: (answer) => onCodes(answer.recovery_codes),
              onError: (err) => setError(toMessage(err)),
            });
          }}
        >
          <ol className="totp__steps">
            <li>
              Scan this QR code with the app.
              <div className="totp__qr">
                <QRCodeSVG
                  value={setup.data.otpauth_url}
                  size={176}
                  marginSize={2}
                  title="QR code for your authenticator app"
                />
              </div>
              <p className="muted">
                Or type this key: <code className="totp__secret">{setup.data.secret}</code>
              </p>
            </li>
            <li>
              <div className="field">
                <label htmlFor="totp-code">Enter the 6-digit code it shows</label>
                <input
                  id="totp-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </div>
            </li>
          </ol>
          <FormAlert message={error} />
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            Turn on
          </button>
        </form>
      )}
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="panel totp" aria-label="Recovery codes">
      <p role="status">
        <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs in once without
        your phone. They are shown only now; any codes you had before no longer work.
      </p>
      <ul className="totp__codes" aria-label="Your recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
      >
        Copy the codes
      </button>
      <button type="button" className="button" onClick={onDone}>
        I have kept them
      </button>
    </section>
  );
}

function TotpOn({ required, left, onCodes }: { required: boolean; left: number; onCodes: (codes: string[]) => void }) {
  const disable = useTotpDisable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="panel totp" aria-label="Two-factor sign-in is on">
      <p>
        <strong>Two-factor sign-in is on.</strong> {left} recovery {left === 1 ? 'code' : 'codes'} left.
      </p>
      <NewRecoveryCodes onCodes={onCodes} />
      {required ? (
        <p className="muted">Staff accounts on this site must keep it on.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            disable.mutate(code.trim(), { onError: (err) => setError(toMessage(err)) });
          }}
        >
          <div className="field">
            <label htmlFor="totp-off-code">Code from the app or a recovery code</label>
            <input
              id="totp-off-code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <FormAlert message={error} />
          <button type="submit" className="button button--ghost" disabled={disable.isPending || !code.trim()}>
            Turn off
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * Ten new recovery codes (the old ones stop working at once), for when codes ran low or were
 * seen by someone else. Proven by a current code of the app or the password.
 */
function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [by, setBy] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="totp__regenerate"
      aria-label="New recovery codes"
      onSubmit={(e) => {
        e.preventDefault();
        if (by === 'code' && !/^\d{6}$/.test(value.trim())) {
          setError('Please, enter the 6-digit code the app shows');
          return;
        }
        setError(null);
        regenerate.mutate(by === 'code' ? { code: value.trim() } : { password: value }, {
          onSuccess: (answer) => onCodes(answer.recovery_codes),
          onError: (err) => setError(toMessage(err)),
        });
      }}
    >
      <h2 className="section-title">New recovery codes</h2>
      <p className="muted">Makes ten new codes; the ones you have stop working at once.</p>
      <fieldset className="totp__proof">
        <legend>Confirm with</legend>
        {(['code', 'password'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="totp-proof"
              checked={by === kind}
              onChange={() => {
                setBy(kind);
                setValue('');
                setError(null);
              }}
            />{' '}
            {kind === 'code' ? 'a code from the app' : 'my password'}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="totp-proof-value">{by === 'code' ? '6-digit code from the app' : 'Password'}</label>
        <input
          id="totp-proof-value"
          type={by === 'code' ? 'text' : 'password'}
          inputMode={by === 'code' ? 'numeric' : undefined}
          autoComplete={by === 'code' ? 'one-time-code' : 'current-password'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <FormAlert message={error} />
      <button type="submit" className="button button--primary" disabled={regenerate.isPending || !value.trim()}>
        Make new recovery codes
      </button>
    </form>
  );
}
