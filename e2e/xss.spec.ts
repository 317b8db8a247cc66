// Stored XSS: every known payload (e2e/payloads.ts) is saved through the API into every text
// field of every entity, as far as each field's own rules allow, and then rendered in
// Chromium: every list screen (scrolled through every stored record), the view pane and the
// edit form of representative records, the palette's record search, and the profile. Nothing
// may run: no dialog opens, window.__xss stays unset, and the page gains no element or
// attribute that could run script (which also catches an injection a CSP would block).
import { expect, test } from './fixtures';
import { XSS_PAYLOADS } from './payloads';
import { mod, signIn, rowsOf, paletteInput } from './session';

type Body = Record<string, unknown>;
interface Field {
  name: string;
  /** A required field gets this instead when it refuses the payload (the record is still made). */
  filler?: (i: number) => string;
  /** How the payload is put into the field's shape (a URL), when the field has one. */
  adapt?: (payload: string) => string;
}
interface Entity {
  name: string;
  add: string;
  remove: (id: number) => string;
  fields: Field[];
  /** The other fields a record needs (unique codes, links to the records made before). */
  extra: (i: number) => Body;
  list: string;
  view: (id: number) => string;
  edit: (id: number) => string;
}

const tag = `x${Date.now().toString(36)}`;
const pick = (ids: (number | null)[], i: number) => ids[i] ?? ids.find((id) => id !== null) ?? null;
const made: Record<string, (number | null)[]> = {};

const ENTITIES: Entity[] = [
  {
    name: 'bank',
    add: '/admin/v1/add_bank',
    remove: (id) => `/admin/v1/delete_bank?bank_id=${id}`,
    // The website must be an http(s) URL with no spaces: the payload rides in its path.
    fields: [
      { name: 'name', filler: (i) => `XSS bank ${tag} ${i}` },
      { name: 'website', adapt: (p) => `https://xss.example/${p.replace(/\s+/g, '/')}` },
    ],
    extra: (i) => ({ code: `X${tag.slice(-5)}${i}`.slice(0, 12).toUpperCase() }),
    list: '/admin/bank-list',
    view: (id) => `/admin/view-bank/${id}`,
    edit: (id) => `/admin/edit-bank/${id}`,
  },
  {
    name: 'category',
    add: '/admin/v1/add_categories',
    remove: (id) => `/admin/v1/delete_categories?category_id=${id}`,
    fields: [{ name: 'name', filler: (i) => `XSS category ${tag} ${i}` }, { name: 'description' }],
    extra: () => ({}),
    list: '/admin/category-list',
    view: (id) => `/admin/category-list/${id}`,
    edit: (id) => `/admin/category-list/${id}/edit`,
  },
  {
    name: 'network',
    add: '/admin/v1/add_network',
    remove: (id) => `/admin/v1/delete_network?network_id=${id}`,
    fields: [{ name: 'type', filler: (i) => `XSS network ${tag} ${i}` }],
    extra: () => ({}),
    list: '/admin/network-list',
    view: (id) => `/admin/network-list/${id}`,
    edit: (id) => `/admin/network-list/${id}/edit`,
  },
  {
    name: 'outlet',
    add: '/admin/v1/add_outlet',
    remove: (id) => `/admin/v1/delete_outlet?outlet_id=${id}`,
    fields: [
      { name: 'merchant_name', filler: (i) => `XSS outlet ${tag} ${i}` },
      { name: 'branch' },
      { name: 'address' },
      { name: 'phone' },
    ],
    extra: (i) => ({ category_id: pick(made.category, i) }),
    list: '/admin/outlet-list',
    view: (id) => `/admin/view-outlet/${id}`,
    edit: (id) => `/admin/edit-outlet/${id}`,
  },
  {
    name: 'card',
    add: '/admin/v1/add_card',
    remove: (id) => `/admin/v1/delete_card?card_id=${id}`,
    fields: [{ name: 'name', filler: (i) => `XSS card ${tag} ${i}` }, { name: 'description' }],
    // Linked to the payload banks, networks and categories, so their names show on cards too.
    extra: (i) => ({
      bank_id: pick(made.bank, i),
      network_id: pick(made.network, i),
      category_id: pick(made.category, i),
    }),
    list: '/admin/card-list',
    view: (id) => `/admin/view-card/${id}`,
    edit: (id) => `/admin/edit-card/${id}`,
  },
  {
    name: 'offer',
    add: '/admin/v1/add_offer',
    remove: (id) => `/admin/v1/delete_offer?offer_id=${id}`,
    fields: [
      { name: 'title', filler: (i) => `XSS offer ${tag} ${i}` },
      { name: 'description' },
      { name: 'discount', filler: () => '10%' },
      { name: 'terms' },
    ],
    // Linked to a payload card (its bank) and outlet, so offers show their names as well.
    extra: (i) => ({
      valid_from: '2025-01-01',
      valid_to: '2099-12-31',
      card_ids: [pick(made.card, i)],
      outlet_ids: [pick(made.outlet, i)],
      category_id: pick(made.category, i),
      from_source: `xss-${tag}`,
    }),
    list: '/admin/offer-list',
    view: (id) => `/admin/view-offer/${id}`,
    edit: (id) => `/admin/edit-offer/${id}`,
  },
  {
    name: 'user',
    add: '/admin/v1/add_user',
    remove: (id) => `/admin/v1/delete_user?user_id=${id}`,
    fields: [{ name: 'name', filler: (i) => `XSS user ${tag} ${i}` }, { name: 'phone' }],
    extra: (i) => ({ email: `${tag}-${i}@xss.example`, role: 'user' }),
    list: '/admin/user-list',
    view: (id) => `/admin/view-user/${id}`,
    edit: (id) => `/admin/edit-user/${id}`,
  },
];

/** Payloads whose records get their view pane and edit form opened, one of each kind. */
const REPRESENTATIVE = [
  /^<script>alert\(1\)/,
  /^<img src=x onerror=alert\(24\)/,
  /^<svg onload=/,
  /^javascript:alert/,
  /^"onmouseover=/,
  /^jaVasCript:\/\*-\/\*/,
].map((re) => XSS_PAYLOADS.findIndex((p) => re.test(p)));

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += width)
    out.push(...(await Promise.all(items.slice(at, at + width).map((item, j) => fn(item, at + j)))));
  return out;
}

test('stored XSS: 100+ payloads in every text field of every entity render inert in lists, panes, forms and the palette', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const started = Date.now();
  const dialogs: string[] = [];
  const blocked: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()} at ${page.url()}`);
    void d.dismiss().catch(() => undefined);
  });
  // A CSP that blocks an injected handler says so on the console: that is an injection too.
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|frame|run)/i.test(m.text()))
      blocked.push(`${m.text().slice(0, 200)} at ${page.url()}`);
  });

  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  /** Once more when a kept-alive socket was closed under the call (an idle socket races the server's keep-alive timeout). */
  const again = async <R>(call: () => Promise<R>): Promise<R> =>
    call().catch((e: unknown) => (/ECONNRESET|socket hang up/.test(String(e)) ? call() : Promise.reject(e)));
  const api = {
    post: (url: string, data: unknown) => page.request.post(url, { headers, data }),
    get: (url: string) => again(() => page.request.get(url, { headers })),
    remove: (url: string) => again(() => page.request.delete(url, { headers })),
  };
  const me = (await (await api.get('/admin/v1/show_user')).json()).data as { name: string };

  const payloads = [...XSS_PAYLOADS];
  expect(payloads.length).toBeGreaterThanOrEqual(100);
  expect(new Set(payloads).size).toBe(payloads.length);
  const stored = new Map<string, number>();
  const rendered: string[] = [];

  /** Saves one record with the payload in every text field; a field that refuses it is left out (or filled, when required) and counted refused. */
  async function save(e: Entity, payload: string, i: number): Promise<number | null> {
    const body: Body = { ...e.extra(i) };
    const kept = new Set(e.fields.map((f) => f.name));
    for (const f of e.fields) body[f.name] = f.adapt ? f.adapt(payload) : payload;
    for (let attempt = 0; attempt <= e.fields.length; attempt++) {
      const res = await api.post(e.add, body);
      if (res.ok()) {
        for (const f of kept) stored.set(`${e.name}.${f}`, (stored.get(`${e.name}.${f}`) ?? 0) + 1);
        return (await res.json()).data.id as number;
      }
      const answer = await res.json();
      expect(
        res.status(),
        `${e.add} ${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(answer).slice(0, 300)}`,
      ).toBe(422);
      const refused = e.fields.filter((f) => kept.has(f.name) && answer.errors?.[f.name]);
      expect(
        refused.length,
        `${e.add} refused a field the sweep does not fill: ${JSON.stringify(answer.errors)}`,
      ).toBeGreaterThan(0);
      for (const f of refused) {
        kept.delete(f.name);
        if (f.filler) body[f.name] = f.filler(i);
        else delete body[f.name];
      }
    }
    throw new Error(`${e.add}: no record made for payload ${i}`);
  }

  /** What in the page could run script, and the marker. */
  const probe = () =>
    page.evaluate(() => {
      const found: string[] = [];
      // Attributes a browser follows as a URL: one naming a script scheme would run it.
      const urlAttrs = [
        'href',
        'xlink:href',
        'src',
        'action',
        'formaction',
        'data',
        'background',
        'poster',
        'srcset',
        'codebase',
        'cite',
      ];
      // As a browser reads a URL: leading spaces and control characters dropped, tabs and newlines anywhere.
      const runs = (v: string) =>
        /^[\s\p{Cc}]*(javascript|vbscript|data:text\/html)/iu.test(v.replace(/[\t\n\r]/g, ''));
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'object',
            'embed',
            'base',
            'meta',
            'frame',
            'frameset',
            'applet',
            'xss',
            'x',
            'marquee',
            'plaintext',
            'xmp',
            'isindex',
            'keygen',
            'math',
          ].includes(tag)
        )
          found.push(el.outerHTML.slice(0, 120));
        for (const a of Array.from(el.attributes)) {
          const risky =
            /^on/i.test(a.name) ||
            a.name === 'srcdoc' ||
            (urlAttrs.includes(a.name) && runs(a.value)) ||
            (a.name === 'style' && /expression\s*\(|javascript:/i.test(a.value));
          if (risky) found.push(`${tag} ${a.name}="${a.value.slice(0, 80)}"`);
        }
      }
      return { marker: (window as unknown as { __xss?: unknown }).__xss, found };
    });

  /** No dialog, no marker, and nothing in the page that could run script. */
  async function expectInert(where: string) {
    const state = await probe();
    rendered.push(where);
    if (process.env.XSS_DEBUG) console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${where}`);
    expect(dialogs, where).toEqual([]);
    expect(state.marker, where).toBeUndefined();
    expect(state.found, where).toEqual([]);
    expect(blocked, where).toEqual([]);
  }

  /** In-app navigation, as the app's own links do it (wouter follows pushState): no reload per screen. */
  const navigate = (url: string) => page.evaluate((u) => history.pushState(null, '', u), url);

  const ids: Record<string, (number | null)[]> = {};
  const leftOver: string[] = [];
  try {
    // ---- store: entities in dependency order, payloads in parallel batches ----
    await test.step('store every payload in every text field', async () => {
      for (const e of ENTITIES) {
        ids[e.name] = made[e.name] = await inBatches(payloads, 24, (p, i) => save(e, p, i));
      }
      // The profile: one name at a time (it is one record); every payload goes through it.
      for (const p of payloads) {
        const res = await api.post('/api/v1/update_profile', { name: p });
        if (res.ok()) stored.set('profile.name', (stored.get('profile.name') ?? 0) + 1);
        else expect(res.status(), `${p}: ${await res.text()}`).toBe(422);
      }
      if (process.env.XSS_DEBUG) console.log(`${((Date.now() - started) / 1000).toFixed(1)}s stored`);
    });

    // The URL field refuses script URLs outright.
    for (const website of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      ' javascript:alert(1)',
    ]) {
      expect(
        (await api.post('/admin/v1/add_bank', { name: `XSS url ${tag}`, code: `U${tag.slice(-6)}`, website })).status(),
        website,
      ).toBe(422);
    }

    // ---- render ----
    await test.step('every list screen, scrolled through every stored record', async () => {
      await page.goto('/admin/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Control: the probe does see markup that was injected (then it is taken out again).
      await page.evaluate(() =>
        document.body.insertAdjacentHTML(
          'beforeend',
          '<div id="xss-control"><img src="x" onerror="window.__xss=1"><a href="javascript:alert(1)">x</a></div>',
        ),
      );
      expect((await probe()).found).toEqual(['img onerror="window.__xss=1"', 'a href="javascript:alert(1)"']);
      await page.evaluate(() => {
        document.getElementById('xss-control')?.remove();
        delete (window as unknown as { __xss?: unknown }).__xss;
      });
      await page.waitForTimeout(100);
      blocked.length = 0; // a CSP, if the server sends one, reported the control's handler
      await expectInert('dashboard');
      for (const e of ENTITIES) {
        const want = new Set(ids[e.name].filter((id): id is number => id !== null));
        await navigate(`${e.list}?sort=-created_at`);
        const list = page.locator(':is([role="grid"], [role="listbox"])').first();
        await expect(rowsOf(list).first()).toBeVisible();
        const seen = new Set<number>();
        for (let step = 0; step < 80 && seen.size < want.size; step++) {
          for (const key of await rowsOf(list).evaluateAll((els) =>
            els.map((el) => Number(el.getAttribute('data-key'))),
          ))
            if (want.has(key)) seen.add(key);
          await list.evaluate((el) => el.scrollBy(0, el.clientHeight * 0.9));
          await page.waitForTimeout(60);
        }
        expect(seen.size, `${e.name} rows rendered`).toBe(want.size);
        await expectInert(`${e.name} list (${seen.size} payload rows)`);
      }
    });

    await test.step('view panes and edit forms of representative records', async () => {
      for (const e of ENTITIES) {
        let first = true;
        for (const i of REPRESENTATIVE) {
          const id = ids[e.name][i];
          if (id === null) continue;
          // Views and edits alternate: a view is shown when the form is gone and the pane has its record.
          // The first of each screen is a page load: a record opened by pushState while the list
          // reloads under another sort can stay on the spinner (reported separately).
          if (first) await page.goto(e.view(id));
          else await navigate(e.view(id));
          first = false;
          await expect(page.locator('form.pane-form')).toHaveCount(0);
          await expect(page.locator('.pane-head h2')).not.toHaveText('');
          await expect(page.locator('.pane .pane-body')).not.toBeEmpty();
          await expectInert(`${e.name} ${id} view (payload ${i})`);
          await navigate(e.edit(id));
          await expect(page.locator('form.pane-form')).toBeVisible();
          await expectInert(`${e.name} ${id} edit (payload ${i})`);
        }
      }
    });

    await test.step('the palette finds and shows payload records', async () => {
      await navigate('/admin/offer-list');
      for (const q of [
        'onerror',
        'svg onload',
        'javascript',
        'script alert',
        '${alert',
        'iframe srcdoc',
        'onmouseover',
      ]) {
        await page.keyboard.press(`${mod}+k`);
        await expect(paletteInput(page)).toBeFocused();
        await page.keyboard.type(q);
        await expect(
          page
            .locator('[cmdk-item]')
            .filter({ hasText: q.split(' ')[0] })
            .first(),
        ).toBeVisible();
        await page.waitForTimeout(300); // let every type's hits arrive
        await expectInert(`palette "${q}" (${await page.locator('[cmdk-item]').count()} items)`);
        await page.keyboard.press('Escape');
      }
    });

    await test.step('the profile and the shell show payload names', async () => {
      for (const i of REPRESENTATIVE) {
        const res = await api.post('/api/v1/update_profile', { name: payloads[i] });
        if (!res.ok()) continue;
        await navigate('/admin/profile');
        await expect(page.getByLabel('Name')).toHaveValue(payloads[i]);
        await expectInert(`profile (payload ${i})`);
        await navigate('/admin/user-list?query=admin%40e2e');
        await expect(rowsOf(page.locator(':is([role="grid"], [role="listbox"])')).first()).toBeVisible();
        await expectInert(`users list with the admin named by payload ${i}`);
      }
    });
  } finally {
    // ---- clean up, so the other specs see the catalogue as it was ----
    await api.post('/api/v1/update_profile', { name: me.name });
    for (const e of [...ENTITIES].reverse()) {
      const list = (ids[e.name] ?? []).filter((id): id is number => id !== null);
      const statuses = await inBatches(list, 24, (id) => api.remove(e.remove(id)).then((r) => r.status()));
      leftOver.push(...statuses.filter((st) => st !== 200).map((st) => `${e.name}: ${st}`));
    }
  }
  expect(leftOver, 'records the sweep could not delete').toEqual([]);

  const fields = ENTITIES.flatMap((e) => e.fields.map((f) => `${e.name}.${f.name}`)).concat('profile.name');
  const total = [...stored.values()].reduce((a, b) => a + b, 0);
  const report = fields.map((f) => `${f}: ${stored.get(f) ?? 0}/${payloads.length}`).join(', ');
  console.log(
    `XSS sweep: ${payloads.length} payloads × ${fields.length} fields = ${payloads.length * fields.length} attempts, ${total} stored (${report}); ${rendered.length} screens rendered; ${dialogs.length} dialogs; ${blocked.length} CSP blocks`,
  );
  // Free-text fields take nearly every payload; only fields with a shape of their own refuse them.
  for (const f of fields.filter((f) => !/phone|website|type|discount/.test(f)))
    expect(stored.get(f) ?? 0, f).toBeGreaterThanOrEqual(payloads.length * 0.8);
  expect(stored.get('bank.website') ?? 0).toBeGreaterThanOrEqual(payloads.length * 0.8);
  expect(stored.get('outlet.phone') ?? 0).toBe(0);
  expect(dialogs).toEqual([]);
});
