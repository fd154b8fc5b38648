import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Carousel, firstInView, pageStart } from './Carousel';

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

/** The tiles in view: the others are inert, out of the Tab order and hidden from screen readers. */
const visible = (carousel: HTMLElement) =>
  [...carousel.querySelectorAll('.carousel__item:not([inert])')].map((t) => t.textContent);

describe('paging a row', () => {
  it('moves a view at a time and stops at the views that start and end the row', () => {
    expect(pageStart(0, 1, 4, 14)).toBe(4);
    expect(pageStart(8, 1, 4, 14)).toBe(10);
    expect(pageStart(10, 1, 4, 14)).toBe(10);
    expect(pageStart(6, -1, 4, 14)).toBe(2);
    expect(pageStart(2, -1, 4, 14)).toBe(0);
    expect(pageStart(0, 1, 4, 3)).toBe(0);
  });

  it('reads the tile at the left edge from where the row is scrolled, the nearest one mid-swipe', () => {
    expect(firstInView(0, 216)).toBe(0);
    expect(firstInView(216 * 3, 216)).toBe(3);
    expect(firstInView(216 * 3 - 40, 216)).toBe(3);
    expect(firstInView(216 * 3 + 120, 216)).toBe(4);
    expect(firstInView(50, 0)).toBe(0);
  });
});

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
    expect(visible(carousel)).toEqual(['Tile 9', 'Tile 10', 'Tile 11', 'Tile 12']);
    // The last view ends with the last tile: 11 to 14, not 13 and 14 beside two empty slots.
    await userEvent.click(screen.getByRole('button', { name: 'Next New Playlists' }));
    expect(screen.getByRole('button', { name: 'Next New Playlists' })).toBeDisabled();
    expect(visible(carousel)).toEqual(['Tile 11', 'Tile 12', 'Tile 13', 'Tile 14']);
    // Going back keeps what was rendered.
    await userEvent.click(screen.getByRole('button', { name: 'Previous New Playlists' }));
    expect(tiles()).toHaveLength(14);
    expect(visible(carousel)).toEqual(['Tile 7', 'Tile 8', 'Tile 9', 'Tile 10']);
  });

  it('follows a row scrolled by a finger: the tiles coming into view render, and the buttons move on', () => {
    const { carousel, tiles } = renderCarousel(14);
    const row = carousel.querySelector<HTMLElement>('.carousel__viewport')!;
    // jsdom lays nothing out: tiles 100 px apart, the row scrolled past five of them.
    carousel.querySelectorAll<HTMLElement>('.carousel__item').forEach((item, i) => {
      Object.defineProperty(item, 'offsetLeft', { value: 4 + i * 100 });
    });
    row.scrollLeft = 520;
    fireEvent.scroll(row);
    expect(visible(carousel)).toEqual(['Tile 6', 'Tile 7', 'Tile 8', 'Tile 9']);
    expect(tiles()).toHaveLength(13);
    expect(screen.getByRole('button', { name: 'Previous New Playlists' })).toBeEnabled();
  });

  it('pages on from where a page button is scrolling to, not from a frame on the way', async () => {
    const { carousel } = renderCarousel(14);
    const row = carousel.querySelector<HTMLElement>('.carousel__viewport')!;
    carousel.querySelectorAll<HTMLElement>('.carousel__item').forEach((item, i) => {
      Object.defineProperty(item, 'offsetLeft', { value: 4 + i * 100 });
    });
    const next = screen.getByRole('button', { name: 'Next New Playlists' });
    await userEvent.click(next);
    row.scrollLeft = 130;
    fireEvent.scroll(row);
    expect(visible(carousel)).toEqual(['Tile 5', 'Tile 6', 'Tile 7', 'Tile 8']);
    await userEvent.click(next);
    expect(visible(carousel)).toEqual(['Tile 9', 'Tile 10', 'Tile 11', 'Tile 12']);
    // A finger takes over halfway: the row is where it leaves it.
    fireEvent.pointerDown(row);
    row.scrollLeft = 610;
    fireEvent.scroll(row);
    expect(visible(carousel)).toEqual(['Tile 7', 'Tile 8', 'Tile 9', 'Tile 10']);
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
