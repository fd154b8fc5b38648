import { Children, useState, type ReactNode } from 'react';
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
 * A horizontal slider showing `items` tiles per view with previous / next page buttons. Tiles
 * are rendered up to the page after the furthest one shown so far: the landing page's
 * carousels hold 20 tiles each, and rendering all of them at start-up cost a phone about as
 * much main-thread time as the rest of the page (Lighthouse mobile TBT 220-430 ms -> 70-120 ms).
 * The slots of later tiles are there but empty, so the track keeps its width.
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
  const pages = Math.max(1, Math.ceil(count / perView));
  const [page, setPage] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const current = Math.min(page, pages - 1);
  const goTo = (next: number) => {
    setPage(next);
    setFurthest((f) => Math.max(f, next));
  };
  const name = label ?? (typeof title === 'string' ? title : 'carousel');

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
        {pages > 1 && (
          <div className="carousel__nav">
            <button
              type="button"
              className="icon-button"
              aria-label={`Previous ${name}`}
              disabled={current === 0}
              onClick={() => goTo(current - 1)}
            >
              <IconChevronLeft />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Next ${name}`}
              disabled={current >= pages - 1}
              onClick={() => goTo(current + 1)}
            >
              <IconChevronRight />
            </button>
          </div>
        )}
      </header>
      <div className="carousel__viewport">
        {loading && count === 0 ? (
          <>
            <div className="carousel__track" aria-hidden="true" style={{ ['--per-view' as string]: perView }}>
              {Array.from({ length: perView }, (_, i) => (
                <BlankTile key={i} meta={tileMeta} />
              ))}
            </div>
            <div className="carousel__status">
              <Loading />
            </div>
          </>
        ) : (
          <div
            className="carousel__track"
            style={{
              ['--per-view' as string]: perView,
              transform: `translateX(calc(${-current} * (100% + var(--gap))))`,
            }}
          >
            {Children.map(children, (child, i) => (
              <div
                className="carousel__item"
                aria-hidden={Math.floor(i / perView) !== current || undefined}
                inert={Math.floor(i / perView) !== current || undefined}
              >
                {Math.floor(i / perView) <= Math.max(furthest, current) + 1 ? child : null}
              </div>
            ))}
          </div>
        )}
      </div>
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
