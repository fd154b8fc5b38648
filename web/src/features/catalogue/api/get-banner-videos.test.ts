import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/testing/render';
import { bannerVideosQueryOptions, LANDING_BANNERS_ID, seedBannersFromPage } from './get-banner-videos';

function pageWith(island: string | null): Document {
  const doc = document.implementation.createHTMLDocument('cuview TV');
  if (island !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = LANDING_BANNERS_ID;
    script.textContent = island;
    doc.head.append(script);
  }
  return doc;
}

describe('seedBannersFromPage', () => {
  const key = bannerVideosQueryOptions().queryKey;

  it('puts the banners the api wrote into the page into the query cache, once', () => {
    const banners = [{ id: 1, video_id: 403, title: 'Night </script> Drive' }];
    const doc = pageWith(JSON.stringify(banners).replace(/</g, '\\u003c'));
    const client = testQueryClient();
    seedBannersFromPage(client, doc);
    expect(client.getQueryData(key)).toEqual(banners);
    expect(doc.getElementById(LANDING_BANNERS_ID)).toBeNull();
  });

  it('leaves the cache alone without an island, or with one that is not a list', () => {
    for (const doc of [pageWith(null), pageWith('{"broken'), pageWith('{"id": 1}')]) {
      const client = testQueryClient();
      seedBannersFromPage(client, doc);
      expect(client.getQueryData(key)).toBeUndefined();
    }
  });
});
