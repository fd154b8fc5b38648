import type { ChangeEvent, ComponentProps } from 'react';
import type { FieldErrors } from '../validation';
import { TextField } from './fields';

type Names = { first_name: string; last_name: string };

/** A person's names side by side, as sign-up and the account page ask for them. */
export function NameFields({
  values,
  set,
  errors = {},
  required,
}: {
  values: Names;
  set: (key: keyof Names) => (e: ChangeEvent<HTMLInputElement>) => void;
  errors?: FieldErrors;
  required?: boolean;
}) {
  return (
    <div className="field-row">
      <TextField
        label="First name"
        autoComplete="given-name"
        value={values.first_name}
        onChange={set('first_name')}
        error={errors.first_name}
        required={required}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        value={values.last_name}
        onChange={set('last_name')}
        error={errors.last_name}
        required={required}
      />
    </div>
  );
}

/** The mobile number, with the country code the api wants shown as the example. */
export function PhoneField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Phone" type="tel" autoComplete="tel" placeholder="+15551234567" {...props} />;
}

export function PromoField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>Send me promotional e-mails</span>
    </label>
  );
}
