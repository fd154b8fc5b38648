import { Children, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronLeft, IconChevronRight } from '@/components/ui/icons';
import { Loading } from '@/components/ui/Loading';
import { useMediaQuery } from '@/hooks/use-media-query';
import { BREAKPOINT_MEDIUM, BREAKPOINT_SMALL } from '@/lib/constants';

/** Items shown at once: the spec's count, 3 under 990 px and 2 under 650 px. */
export function itemsPerView(max: number, width: number): number {
  if (width < BREAKPOINT_SMALL) return Math.min(max, 2);
  if (width < BREAKPOINT_MEDIUM) return Math.min(max, 3);
  return max;
}

export function useItemsPerView(max: number): number {
  const small = useMediaQuery(`(max-width: ${BREAKPOINT_SMALL - 0.02}px)`);
  const medium = useMediaQuery(`(max-width: ${BREAKPOINT_MEDIUM - 0.02}px)`);
  return itemsPerView(max, small ? BREAKPOINT_SMALL - 1 : medium ? BREAKPOINT_MEDIUM - 1 : BREAKPOINT_MEDIUM);
}

/**
 * The first tile of the page `step` (1 next, -1 previous) from the one starting at `first`: a
 * view further, never past the view that ends with the last tile (the scroller stops there).
 */
export function pageStart(first: number, step: 1 | -1, perView: number, count: number): number {
  return Math.max(0, Math.min(first + step * perView, count - perView));
}

/** The tile at the left edge of a row scrolled by `scrollLeft`, tiles `pitch` px apart. */
export function firstInView(scrollLeft: number, pitch: number): number {
  return pitch > 0 ? Math.max(0, Math.round(scrollLeft / pitch)) : 0;
}

/**
 * A horizontal row showing `items` tiles per view. The row scrolls natively, so a finger
 * swipes it (scroll-snap stops it at a tile); the previous / next page buttons scroll it by a
 * view for the mouse and the keyboard. Tiles are rendered up to the view after the furthest
 * one shown so far: the landing page's carousels hold 20 tiles each, and rendering all of them
 * at start-up cost a phone about as much main-thread time as the rest of the page (Lighthouse
 * mobile TBT 220-430 ms -> 70-120 ms). The slots of later tiles are there but empty, so the
 * track keeps its width. Tiles out of view are inert: Tab goes on to the next row.
 *
 * While `loading`, a page of blank tiles (picture and, with `tileMeta`, two lines of text)
 * holds the carousel's height under the "Loading..." message, so nothing below it jumps when
 * the tiles arrive.
 */
export function Carousel({
  title,
  items,
  children,
  showAll,
  headerExtra,
  label,
  loading = false,
  tileMeta = true,
}: {
  title: ReactNode;
  items: number;
  children: ReactNode;
  showAll?: string;
  headerExtra?: ReactNode;
  label?: string;
  loading?: boolean;
  tileMeta?: boolean;
}) {
  const perView = useItemsPerView(items);
  const count = Children.count(children);
  const viewport = useRef<HTMLDivElement>(null);
  const [first, setFirst] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const show = (next: number) => {
    setFirst(next);
    setFurthest((f) => Math.max(f, next));
  };
  // The view a page button scrolls to: the smooth scroll's frames on the way are not where the
  // row stands (a second press goes on from the target), until a finger or a wheel takes over.
  const target = useRef<number | null>(null);
  const tiles = () => viewport.current?.querySelectorAll<HTMLElement>('.carousel__item') ?? [];
  // Where the row now stands, as the finger, the buttons' scroll or a resize leave it.
  const onScroll = () => {
    const [a, b] = tiles();
    if (!a || !b) return;
    const at = firstInView(viewport.current?.scrollLeft ?? 0, b.offsetLeft - a.offsetLeft);
    if (target.current !== null && at !== target.current) return;
    target.current = null;
    show(at);
  };
  const goTo = (next: number) => {
    show(next);
    const all = tiles();
    const [a, tile] = [all[0], all[next]];
    if (!a || !tile) return;
    target.current = next;
    // The style sheet makes this smooth, unless the viewer asks for reduced motion.
    viewport.current?.scrollTo({ left: tile.offsetLeft - a.offsetLeft });
  };
  const userScrolls = () => {
    target.current = null;
  };
  const current = Math.min(first, Math.max(0, count - perView));
  const name = label ?? (typeof title === 'string' ? title : 'carousel');
  const inView = (i: number) => i >= current && i < current + perView;

  return (
    <section className="carousel" aria-label={name}>
      <header className="carousel__header">
        {title ? <h2 className="section-title">{title}</h2> : null}
        {headerExtra}
        {showAll ? (
          <Link className="link-more" to={showAll}>
            Show all
          </Link>
        ) : null}
        {count > perView && (
          <div className="carousel__nav">
            <button
              type="button"
              className="icon-button"
              aria-label={`Previous ${name}`}
              disabled={current === 0}
              onClick={() => goTo(pageStart(current, -1, perView, count))}
            >
              <IconChevronLeft />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Next ${name}`}
              disabled={current + perView >= count}
              onClick={() => goTo(pageStart(current, 1, perView, count))}
            >
              <IconChevronRight />
            </button>
          </div>
        )}
      </header>
      {loading && count === 0 ? (
        <div className="carousel__viewport">
          <div className="carousel__track" aria-hidden="true" style={{ ['--per-view' as string]: perView }}>
            {Array.from({ length: perView }, (_, i) => (
              <BlankTile key={i} meta={tileMeta} />
            ))}
          </div>
          <div className="carousel__status">
            <Loading />
          </div>
        </div>
      ) : (
        <div
          className="carousel__viewport carousel__viewport--scroll"
          ref={viewport}
          onScroll={onScroll}
          onPointerDown={userScrolls}
          onWheel={userScrolls}
        >
          <div className="carousel__track" style={{ ['--per-view' as string]: perView }}>
            {Children.map(children, (child, i) => (
              <div className="carousel__item" aria-hidden={!inView(i) || undefined} inert={!inView(i) || undefined}>
                {i < Math.max(furthest, current) + 2 * perView ? child : null}
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

function BlankTile({ meta }: { meta: boolean }) {
  return (
    <div className="card card--blank">
      <div className="card__thumb" />
      {meta ? (
        <div className="card__meta">
          <p className="card__title">&nbsp;</p>
          <p className="card__sub">&nbsp;</p>
        </div>
      ) : null}
    </div>
  );
}
