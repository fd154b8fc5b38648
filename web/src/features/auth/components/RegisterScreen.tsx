import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, toMessage } from '@/lib/api/client';
import { useRegister } from '../api/register';
import { isEmailTaken, normalizePhone, registrationError, validateRegister, type RegisterForm } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';
import { NameFields, PhoneField, PromoField } from './person-fields';

const EMPTY: RegisterForm = {
  first_name: '',
  last_name: '',
  email: '',
  mobile_number: '',
  password: '',
  re_password: '',
};

/** /register: the five checks in the spec's order, then "Check your email to activate account". */
export function RegisterScreen() {
  const [form, setForm] = useState(EMPTY);
  const [promo, setPromo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The e-mail has an account already: the way on is signing in, or a reset if its password is lost.
  const [emailTaken, setEmailTaken] = useState(false);
  const register = useRegister();
  const set = (key: keyof RegisterForm) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  if (register.isSuccess) {
    return (
      <AuthLayout title="Sign Up">
        <p className="auth__notice" role="status">
          Check your email to activate account
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign Up">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const invalid = validateRegister(form);
          setError(invalid);
          setEmailTaken(false);
          if (invalid) return;
          register.mutate(
            {
              ...form,
              email: form.email.trim(),
              mobile_number: normalizePhone(form.mobile_number),
              gives_permission: promo,
            },
            {
              onError: (err) => {
                setError(err instanceof ApiError ? registrationError(err.body, err.message) : toMessage(err));
                setEmailTaken(err instanceof ApiError && isEmailTaken(err.body));
              },
            },
          );
        }}
      >
        <p className="auth__hint">Every field is needed, the phone number with its country code.</p>
        <NameFields values={form} set={set} required />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          required
        />
        <PhoneField value={form.mobile_number} onChange={set('mobile_number')} required />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          required
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={form.re_password}
          onChange={set('re_password')}
          required
        />
        <PromoField checked={promo} onChange={setPromo} />
        <FormError message={error} />
        {emailTaken && (
          <p className="auth__links">
            <Link to="/login">Sign in with this e-mail</Link>
            <Link to="/reset_password">Forgot Your Password?</Link>
          </p>
        )}
        <SubmitButton loading={register.isPending}>Sign Up</SubmitButton>
      </form>
      <p className="auth__links">
        <span>
          Already registered? <Link to="/login">Sign In</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
