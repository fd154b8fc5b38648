import type { SVGProps } from 'react';

/** Small inline icon set (no icon font, no extra requests). Decorative: labels go on buttons. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: string, viewBox = '0 0 24 24') {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox={viewBox}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        <g dangerouslySetInnerHTML={{ __html: paths }} />
      </svg>
    );
  };
}

export const IconBack = make('<path d="M19 12H5"/><path d="M12 19l-7-7 7-7"/>');
export const IconMenu = make('<path d="M3 6h18M3 12h18M3 18h18"/>');
export const IconSearch = make('<circle cx="11" cy="11" r="7"/><path d="M21 21l-4.3-4.3"/>');
export const IconHome = make('<path d="M3 11l9-8 9 8"/><path d="M5 10v10h14V10"/>');
export const IconContent = make('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M10 9l5 3-5 3z"/>');
export const IconCategories = make(
  '<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/><rect x="3" y="14" width="7" height="7" rx="1"/><rect x="14" y="14" width="7" height="7" rx="1"/>',
);
export const IconPlaylist = make('<path d="M3 6h12M3 12h12M3 18h8"/><path d="M17 14v6l4-3z"/>');
export const IconPromo = make('<path d="M12 2l2.9 6.9L22 9.3l-5.5 4.7L18.2 21 12 17.3 5.8 21l1.7-7L2 9.3l7.1-.4z"/>');
export const IconPlay = make('<path d="M7 4l13 8-13 8z" fill="currentColor"/>');
export const IconPause = make(
  '<rect x="6" y="4" width="4" height="16" fill="currentColor"/><rect x="14" y="4" width="4" height="16" fill="currentColor"/>',
);
export const IconPrev = make('<path d="M19 5L9 12l10 7z" fill="currentColor"/><path d="M5 5v14"/>');
export const IconNext = make('<path d="M5 5l10 7-10 7z" fill="currentColor"/><path d="M19 5v14"/>');
export const IconVolume = make(
  '<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16.5 8.5a5 5 0 010 7"/><path d="M19 6a8.5 8.5 0 010 12"/>',
);
export const IconMute = make('<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M22 9l-6 6M16 9l6 6"/>');
export const IconFullscreen = make('<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>');
export const IconExitFullscreen = make('<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5"/>');
export const IconSettings = make(
  '<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z"/>',
);
export const IconPlus = make('<path d="M12 5v14M5 12h14"/>');
export const IconEdit = make('<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="M13.5 6.5l4 4"/>');
export const IconTrash = make('<path d="M3 6h18"/><path d="M8 6V4h8v2"/><path d="M19 6l-1 14H6L5 6"/>');
export const IconShare = make(
  '<circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4"/>',
);
export const IconCheck = make('<path d="M20 6L9 17l-5-5"/>');
export const IconClose = make('<path d="M18 6L6 18M6 6l12 12"/>');
export const IconChevronLeft = make('<path d="M15 18l-6-6 6-6"/>');
export const IconChevronRight = make('<path d="M9 18l6-6-6-6"/>');
export const IconChevronDown = make('<path d="M6 9l6 6 6-6"/>');
export const IconDownload = make('<path d="M12 3v12"/><path d="M7 10l5 5 5-5"/><path d="M5 21h14"/>');
export const IconReplay = make('<path d="M3 12a9 9 0 109-9 9.7 9.7 0 00-6.7 2.8L3 8"/><path d="M3 3v5h5"/>');
export const IconCopy = make(
  '<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1"/>',
);
export const IconGrip = make(
  '<circle cx="9" cy="6" r="1"/><circle cx="15" cy="6" r="1"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="9" cy="18" r="1"/><circle cx="15" cy="18" r="1"/>',
);
export const IconFilter = make('<path d="M3 5h18l-7 8v6l-4 2v-8z"/>');
export const IconEye = make(
  '<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
);
export const IconEyeOff = make(
  '<path d="M3 3l18 18"/><path d="M10.6 5.1A10.6 10.6 0 0112 5c6.5 0 10 7 10 7a17 17 0 01-3.2 4.1M6.6 6.6A17.3 17.3 0 002 12s3.5 7 10 7a9.8 9.8 0 005.4-1.6"/><path d="M9.9 9.9a3 3 0 004.2 4.2"/>',
);
export const IconSubtitles = make(
  '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3"/>',
);
export const IconHeadphones = make(
  '<path d="M3 18v-6a9 9 0 0118 0v6"/><path d="M21 19a2 2 0 01-2 2h-1v-6h3zM3 19a2 2 0 002 2h1v-6H3z"/>',
);
export const IconKeyboard = make(
  '<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10"/>',
);
export const IconPip = make(
  '<rect x="2" y="4" width="20" height="16" rx="2"/><rect x="12" y="11" width="8" height="7" rx="1"/>',
);
