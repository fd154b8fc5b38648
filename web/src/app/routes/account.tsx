import { AccountScreen } from '@/features/auth';
import { RequireUser } from '@/lib/auth';

export default function AccountRoute() {
  return (
    <RequireUser>
      <AccountScreen />
    </RequireUser>
  );
}
