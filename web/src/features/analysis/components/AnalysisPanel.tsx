import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Img } from '@/components/ui/Img';
import type { CuLinks, FootprintInfo, ObjLink, RecognisedTrack, WatermarkInfo } from '@/lib/api/types';
import { ANALYSIS_MEMBERS_SHOWN, ANALYSIS_TOGGLE_MS } from '@/lib/constants';
import { imageUrl } from '@/lib/images';

type Tab = 'WATERMARK' | 'FOOTPRINT';

/**
 * Tabs present (each only with a result) and the 15 s auto-toggle between them. The tab shown
 * is derived from the tabs of this render: a chosen tab whose result has just gone (a new
 * video cleared it) falls back to one that is present in the same render, never a render later.
 */
export function useAutoToggle(tabs: Tab[]): [Tab | null, (t: Tab) => void] {
  const [chosen, setChosen] = useState<Tab | null>(tabs[0] ?? null);
  const key = tabs.join(',');
  useEffect(() => {
    const present = key ? (key.split(',') as Tab[]) : [];
    if (present.length < 2) return undefined;
    // From the tab shown: before any choice that is the first one, so the first tick shows the
    // second (it once chose the first again, and the view changed only after 30 s).
    const id = setInterval(
      () =>
        setChosen((current) => {
          const shown = current && present.includes(current) ? current : present[0];
          return shown === present[0] ? present[1]! : present[0]!;
        }),
      ANALYSIS_TOGGLE_MS,
    );
    return () => clearInterval(id);
  }, [key]);
  const active = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
  return [active, setChosen];
}

const STORES: Array<keyof Omit<CuLinks, 'EXTRA_LINKS'>> = ['ITUNES', 'AMAZON', 'SPOTIFY', 'DEEZER', 'RDIO', 'CUVIEW'];

/**
 * The answer names the same shop link up to three times (culinks, links, salome_obj_links):
 * each address is listed once, under the best name any of them gives it (the shop's own name
 * from links, else the culinks key), and a picture tile only for an address not listed.
 */
export function listenAndBuy(track: RecognisedTrack): {
  links: { url: string; label: string }[];
  pictures: ObjLink[];
} {
  const culinks = track.culinks ?? {};
  const titles = new Map<string, string>();
  for (const l of [...(track.links ?? []), ...(culinks.EXTRA_LINKS ?? [])]) {
    const title = l?.url && (l.title || l.name);
    if (title && !titles.has(l.url)) titles.set(l.url, title);
  }
  const links = new Map<string, string>();
  for (const s of STORES) {
    const url = culinks[s]?.url;
    if (url && !links.has(url)) links.set(url, titles.get(url) ?? s.charAt(0) + s.slice(1).toLowerCase());
  }
  for (const l of [...(culinks.EXTRA_LINKS ?? []), ...(track.links ?? [])]) {
    if (l?.url && !links.has(l.url))
      links.set(l.url, titles.get(l.url) ?? new URL(l.url, window.location.href).hostname);
  }
  const seen = new Set(links.keys());
  const pictures = (track.salome_obj_links ?? []).filter((o) => {
    if (!o?.link_url || seen.has(o.link_url)) return false;
    seen.add(o.link_url);
    return true;
  });
  return { links: [...links].map(([url, label]) => ({ url, label })), pictures };
}

/** Results of the analysis: WATERMARK and FOOTPRINT tabs, auto-toggling every 15 s. */
export function AnalysisPanel({
  watermark,
  footprint,
}: {
  watermark: WatermarkInfo | null;
  footprint: FootprintInfo | null;
}) {
  const results: Partial<Record<Tab, { track: RecognisedTrack; link: string | null }>> = {};
  if (watermark?.wm_track) results.WATERMARK = { track: watermark.wm_track, link: watermark.result_link ?? null };
  if (footprint?.fp_track) results.FOOTPRINT = { track: footprint.fp_track, link: footprint.result_link ?? null };
  const tabs = Object.keys(results) as Tab[];
  const [active, setActive] = useAutoToggle(tabs);
  const shown = active ? results[active] : undefined;
  if (!active || !shown) return null;

  return (
    <section className="analysis-panel" aria-label="Analysis results">
      <div className="tabs" role="tablist" aria-label="Recognised by">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={active === t}
            className={`tab${active === t ? ' is-active' : ''}`}
            onClick={() => setActive(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={active}>
        <TrackResult track={shown.track} resultLink={shown.link} />
      </div>
    </section>
  );
}

function TrackResult({ track, resultLink }: { track: RecognisedTrack; resultLink: string | null }) {
  const [allMembers, setAllMembers] = useState(false);
  const members = track.members ?? [];
  const shown = allMembers ? members : members.slice(0, ANALYSIS_MEMBERS_SHOWN);
  // The image service on this page's own origin: the answer's cover_url names PUBLIC_URL, which
  // the page's img-src 'self' refuses when it was opened under another name.
  const cover = track.album ? imageUrl('album', track.album.id, 600) : undefined;
  const { links, pictures } = listenAndBuy(track);

  return (
    <div className="track-result">
      <div className="track-result__head">
        {track.album?.url ? (
          <a href={track.album.url} target="_blank" rel="noopener noreferrer">
            <Img className="track-result__cover" src={cover} alt={track.album.title ?? 'Album cover'} />
          </a>
        ) : (
          <Img className="track-result__cover" src={cover} alt={track.album?.title ?? 'Album cover'} />
        )}
        <div>
          <h3 className="track-result__title">
            {track.track_url ? (
              <a href={track.track_url} target="_blank" rel="noopener noreferrer">
                {track.track_title}
              </a>
            ) : (
              track.track_title
            )}
          </h3>
          {track.album?.title && <p className="muted">Album: {track.album.title}</p>}
          {track.genre_title && <p className="muted">Genre: {track.genre_title}</p>}
          {track.fp?.mood && <p className="muted">Mood: {track.fp.mood}</p>}
        </div>
        {resultLink && (
          <a
            className="track-result__qr"
            href={resultLink}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open the result page (QR code)"
          >
            <QRCodeSVG
              value={resultLink}
              size={96}
              bgColor="#ffffff"
              fgColor="#0b0d12"
              includeMargin
              title="QR code of the result page"
            />
          </a>
        )}
      </div>

      {members.length > 0 && (
        <div className="track-result__members">
          <h4>Members</h4>
          <ul>
            {shown.map((m) => (
              <li key={m.id}>
                <Img className="avatar-img" src={imageUrl('member', m.id, 600)} alt="" />
                <span>{m.title}</span>
                {m.title2 ? <span className="muted"> · {m.title2}</span> : null}
                {m.merch_url ? (
                  <a href={m.merch_url} target="_blank" rel="noopener noreferrer" className="link-more">
                    Merch
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          {members.length > ANALYSIS_MEMBERS_SHOWN && (
            <button
              type="button"
              className="link-button"
              aria-expanded={allMembers}
              onClick={() => setAllMembers((a) => !a)}
            >
              {allMembers ? 'see less' : 'see more'}
            </button>
          )}
        </div>
      )}

      {links.length > 0 && (
        <div className="track-result__links">
          <h4>Listen and buy</h4>
          <ul className="store-links">
            {links.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      {pictures.length > 0 && (
        <ul className="obj-links">
          {pictures.map((o) => (
            <li key={o.link_url}>
              <a href={o.link_url} target="_blank" rel="noopener noreferrer">
                <Img src={o.link_img_url_300 || o.link_img_url || undefined} alt="" />
                <span>{o.link_title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
