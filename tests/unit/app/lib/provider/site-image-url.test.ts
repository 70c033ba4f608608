import { describe, expect, it } from 'vitest';
import { siteImageUrl } from '#app/lib/provider/contract.ts';

describe("the provider's photo URLs as the site serves them", () => {
  it('serves our provider’s photos from the site itself, whatever its host and port', () => {
    expect(siteImageUrl('http://127.0.0.1:8000/media/shops/0b7c4f1e-5c41-4d7e-9a57-3a1d2f5e8c10/w400.avif')).toBe(
      '/media/shops/0b7c4f1e-5c41-4d7e-9a57-3a1d2f5e8c10/w400.avif',
    );
    expect(siteImageUrl('https://api.kasuwa.ng/media/products/abc/main.jpg')).toBe('/media/products/abc/main.jpg');
  });

  it('reads an unusual URL as a browser would, so a dot segment cannot lead out of /media', () => {
    expect(siteImageUrl('http://api.example/media/shops/../../login')).toBe('http://api.example/media/shops/../../login');
    expect(siteImageUrl('http://api.example/media/a/./b.jpg')).toBe('/media/a/b.jpg');
    expect(siteImageUrl('http://user@api.example/media/a/b.jpg')).toBe('/media/a/b.jpg');
    expect(siteImageUrl('http://api.example/media/a/b.jpg?size=2')).toBe('/media/a/b.jpg');
  });

  it('keeps the signature of a hidden shop’s photo, which opens it for its owner or a moderator, and no other query', () => {
    expect(siteImageUrl('http://api.example/media/shops/abc/main.jpg?until=1795708800&sig=q1w2e3r4t5y6u7i8o9p0aa')).toBe(
      '/media/shops/abc/main.jpg?until=1795708800&sig=q1w2e3r4t5y6u7i8o9p0aa',
    );
    expect(siteImageUrl('http://api.example/media/shops/abc/main.jpg?until=1795708800&sig=q1w2&x=1')).toBe('/media/shops/abc/main.jpg');
  });

  it('keeps photos hosted anywhere else, and text that is no URL, as they are', () => {
    expect(siteImageUrl('https://cdn.example/photos/1.jpg')).toBe('https://cdn.example/photos/1.jpg');
    expect(siteImageUrl('not a url')).toBe('not a url');
  });
});
