import { Link } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { Img } from '@/components/ui/Img';
import { Loading } from '@/components/ui/Loading';
import { useCategories } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { toMessage } from '@/lib/api/client';
import { imageUrl } from '@/lib/images';
import { categoryHref } from '@/lib/links';

/** /category: a grid of 16:9 category tiles. */
export default function CategoriesRoute() {
  const q = useCategories();
  useScrollRestoration('/category', !q.isPending);
  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>Categories</h1>
      </header>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : q.data.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <div className="grid grid--wide">
          {q.data.map((c) => (
            <Link key={c.id} to={categoryHref(c.id, c.title)} className="category-tile">
              <Img src={imageUrl('category', c.id, 600)} alt="" />
              <span className="category-tile__title">{c.title}</span>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
