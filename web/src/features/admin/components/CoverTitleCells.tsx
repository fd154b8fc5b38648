import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Img } from '@/components/ui/Img';
import { staffImageUrl } from '@/lib/images';

/**
 * The first cells of an admin list row: its cover, then its title linking to its editor, with
 * `(access off)` while viewers cannot see it; `extra` goes after the title.
 */
export function CoverTitleCells({
  item,
  edit,
  extra,
}: {
  item: { title: string; status: number; image: string | null };
  edit: string;
  extra?: ReactNode;
}) {
  return (
    <>
      <td className="card-cell--cover">
        <Img className="admin-table__cover" src={staffImageUrl(item.image)} alt="" />
      </td>
      <td className="card-cell--title">
        <Link to={edit} className="admin-table__title">
          {item.title}
        </Link>
        {extra}
        {!item.status && <span className="muted"> (access off)</span>}
      </td>
    </>
  );
}
