import { Link } from 'react-router';
import { Img } from '@/components/ui/Img';
import { FilterKind, type Named } from '@/lib/api/types';
import { pictureUrl } from '@/lib/images';
import { filterResultsHref } from '@/lib/links';

/** Genre tile: opens the filter results for the genre (`/filter_results/{id}!4`). */
export function GenreCard({ genre }: { genre: Named }) {
  return (
    <article className="card genre-card">
      <Link
        className="card__link"
        to={filterResultsHref([{ id: genre.id, kind: FilterKind.genre }])}
        aria-label={`Genre ${genre.title}`}
      >
        <div className="card__thumb">
          <Img src={pictureUrl('genre', genre, 300)} alt="" />
          <span className="genre-card__title">{genre.title}</span>
        </div>
      </Link>
    </article>
  );
}
