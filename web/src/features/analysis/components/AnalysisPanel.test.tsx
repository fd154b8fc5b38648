import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FootprintInfo, WatermarkInfo } from '@/lib/api/types';
import { AnalysisPanel } from './AnalysisPanel';

const watermark = {
  wm_track: { track_id: 1, track_title: 'Night Drive' },
  result_link: 'https://tv.example/r/1',
} as WatermarkInfo;
const footprint = {
  fp_track: { track_id: 2, track_title: 'Signal Lost' },
  result_link: 'https://tv.example/r/2',
} as FootprintInfo;

describe('analysis panel', () => {
  it('shows a tab per result present', () => {
    render(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['WATERMARK', 'FOOTPRINT']);
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
  });

  it('empties in the same render when the results are cleared (a new video), whichever tab was open', () => {
    const { rerender } = render(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    rerender(<AnalysisPanel watermark={null} footprint={null} />);
    expect(screen.queryByRole('region', { name: 'Analysis results' })).toBeNull();

    rerender(<AnalysisPanel watermark={watermark} footprint={footprint} />);
    screen.getByRole('tab', { name: 'FOOTPRINT' }).click();
    rerender(<AnalysisPanel watermark={watermark} footprint={null} />);
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
    rerender(<AnalysisPanel watermark={null} footprint={null} />);
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
