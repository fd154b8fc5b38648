import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api/types';
import { TopBar } from './TopBar';

const person = (fields: Partial<User>): User =>
  ({
    id: 1,
    email: 'x@example.com',
    first_name: '',
    last_name: '',
    mobile_number: '',
    gives_permission: false,
    is_staff: false,
    ...fields,
  }) as User;

function renderBar(user: User) {
  const onLogout = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <TopBar user={user} onLogout={onLogout} onOpenDrawer={() => {}} drawerOpen={false} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { onLogout, router };
}

const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('TopBar account menu', () => {
  it('offers a person their account page and sign-out', async () => {
    renderBar(person({ first_name: 'Vera', last_name: 'Viewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Vera Viewer' }));
    expect(menuItems()).toEqual(['Account', 'Logout']);
  });

  it('lets the guest leave for the sign-in and sign-up pages', async () => {
    const { onLogout, router } = renderBar(person({}));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for you' }));
    expect(menuItems()).toEqual(['Sign in', 'Sign up', 'Logout']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign up' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/register');
  });
});
