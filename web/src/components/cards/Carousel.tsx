import { Children, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronLeft, IconChevronRight } from '@/components/ui/icons';
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

/** A horizontal slider showing `items` tiles per view with previous / next page buttons. */
export function Carousel({
  title,
  items,
  children,
  showAll,
  headerExtra,
  label,
}: {
  title: ReactNode;
  items: number;
  children: ReactNode;
  showAll?: string;
  headerExtra?: ReactNode;
  label?: string;
}) {
  const perView = useItemsPerView(items);
  const count = Children.count(children);
  const pages = Math.max(1, Math.ceil(count / perView));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
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
              onClick={() => setPage(current - 1)}
            >
              <IconChevronLeft />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Next ${name}`}
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              <IconChevronRight />
            </button>
          </div>
        )}
      </header>
      <div className="carousel__viewport">
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
              {child}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
