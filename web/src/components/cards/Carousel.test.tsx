import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Carousel } from './Carousel';

function renderCarousel(count: number) {
  render(
    <MemoryRouter>
      <Carousel title="New Playlists" items={4}>
        {Array.from({ length: count }, (_, i) => (
          <p key={i}>Tile {i + 1}</p>
        ))}
      </Carousel>
    </MemoryRouter>,
  );
  const carousel = screen.getByRole('region', { name: 'New Playlists' });
  const tiles = () =>
    within(carousel)
      .queryAllByText(/^Tile \d+$/, { ignore: false })
      .map((t) => t.textContent);
  return { carousel, tiles };
}

describe('Carousel', () => {
  it('renders the tiles of the current page and the next one, and more as the viewer pages on', async () => {
    const { carousel, tiles } = renderCarousel(14);
    // 4 per view: pages 1 and 2 are there, pages 3 and 4 only as empty slots.
    expect(tiles()).toEqual(Array.from({ length: 8 }, (_, i) => `Tile ${i + 1}`));
    expect(carousel.querySelectorAll('.carousel__item')).toHaveLength(14);

    await userEvent.click(screen.getByRole('button', { name: 'Next New Playlists' }));
    expect(tiles()).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Next New Playlists' }));
    expect(tiles()).toHaveLength(14);
    // Going back keeps what was rendered.
    await userEvent.click(screen.getByRole('button', { name: 'Previous New Playlists' }));
    expect(tiles()).toHaveLength(14);
  });

  it('while loading, holds its height with a page of blank tiles under "Loading..."', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Carousel title="Genres" items={3} loading tileMeta={false}>
          {[]}
        </Carousel>
      </MemoryRouter>,
    );
    const carousel = screen.getByRole('region', { name: 'Genres' });
    expect(within(carousel).getByRole('status')).toHaveTextContent('Loading...');
    expect(carousel.querySelectorAll('.card--blank')).toHaveLength(3);
    expect(carousel.querySelectorAll('.card--blank .card__meta')).toHaveLength(0);

    rerender(
      <MemoryRouter>
        <Carousel title="Genres" items={3} loading={false}>
          <p>Jazz</p>
        </Carousel>
      </MemoryRouter>,
    );
    expect(within(carousel).queryByRole('status')).toBeNull();
    expect(carousel.querySelectorAll('.card--blank')).toHaveLength(0);
    expect(within(carousel).getByText('Jazz')).toBeVisible();
  });
});
