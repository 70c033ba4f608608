import { describe, expect, it } from 'vitest';
import { chosenState } from '#app/lib/chosen-state.server.ts';

const visit = (query: string, cookie?: string) => {
  const url = new URL(`http://kasuwa.test/${query}`);
  return chosenState(new Request(url, { headers: cookie ? { cookie } : {} }), url);
};

describe('the state a visitor narrows the lists to', () => {
  it('is remembered in a cookie when a link or form names it, and read from the cookie afterwards', () => {
    const chosen = visit('?state=Abuja%20(FCT)');
    expect(chosen.state).toBe('Abuja (FCT)');
    expect(chosen.setCookie).toMatch(/^kasuwa_state=Abuja%20\(FCT\); Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(visit('', 'theme=dark; kasuwa_state=Abuja%20(FCT)')).toEqual({ state: 'Abuja (FCT)', setCookie: null });
    expect(visit('?state=Abuja%20(FCT)', 'kasuwa_state=Abuja%20(FCT)')).toEqual({ state: 'Abuja (FCT)', setCookie: null });
  });

  it('goes back to all of Nigeria with an empty choice, which forgets the cookie', () => {
    const all = visit('?state=', 'kasuwa_state=Lagos');
    expect(all.state).toBeNull();
    expect(all.setCookie).toMatch(/^kasuwa_state=; Max-Age=0;/);
  });

  it('ignores a state no list knows, in the URL or in a forged cookie', () => {
    expect(visit('?state=Atlantis', 'kasuwa_state=Kano')).toEqual({ state: 'Kano', setCookie: null });
    expect(visit('', 'kasuwa_state=%E0%A4%A')).toEqual({ state: null, setCookie: null });
    expect(visit('', 'kasuwa_state=Gotham')).toEqual({ state: null, setCookie: null });
  });
});
