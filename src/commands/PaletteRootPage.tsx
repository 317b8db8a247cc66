import { useMemo } from 'react';
import { Command as Cmdk } from 'cmdk';
import type { SearchHit } from '@contract/search';
import { SEARCH_MAX_LIMIT, searchRecords } from '../api/search';
import { currentCtx } from './ctx';
import { frecencies, recentCommands, usageBoost } from './frecency';
import { filterInput, MORE, RECENT, RECORD, recordValue, resetScores, rowValue } from './paletteFilter';
import { CommandItem, RecordRow, useKeepSelection } from './PaletteRows';
import { parseQuery, recordScore } from './match';
import { paletteRows, wordsOf } from './rank';
import { recentRecords } from './records';
import { RECORD_TYPES } from './recordTypes';
import { getVersion } from './registry';
import type { Command } from './types';
import { runs } from './usage';
import { awaiting, useDebouncedSearch } from './useDebouncedSearch';
import { formatNumber } from '@/lib/format';

/** Records per type on the root page; a type's "Find …" page shows more. */
const ROOT_LIMIT = 5;

/**
 * The server's best matches of each type (by likeness of the whole record), the first ROOT_LIMIT
 * of each kept as people read their names (./match.ts's recordScore): "dubai mall" keeps "Apple —
 * Dubai Mall", which the server ranks below five other malls of Dubai. Each type's stay in the
 * server's order where they read as well.
 */
function bestOf(found: readonly SearchHit[], text: string): SearchHit[] {
  const q = parseQuery(text);
  const byType = new Map<string, { h: SearchHit; score: number }[]>();
  for (const h of found) {
    const of = byType.get(h.type) ?? [];
    of.push({ h, score: recordScore(q, h.title) });
    byType.set(h.type, of);
  }
  // Array.prototype.sort is stable: equals keep the server's order.
  return [...byType.values()].flatMap((of) =>
    of
      .sort((a, b) => b.score - a.score)
      .slice(0, ROOT_LIMIT)
      .map(({ h }) => h),
  );
}

/**
 * The palette's first page (./Palette.tsx): what acts on the picked rows, recent records and
 * commands, every command listed, and records of every type as you type.
 */
export function RootPage({
  search,
  onChoose,
  onMore,
}: {
  search: string;
  onChoose: (cmd: Command) => void;
  onMore: (cmd: Command, keep: string) => void;
}) {
  const ctx = currentCtx();
  const version = getVersion();
  // Every command listed here: this screen's, the global ones, and those reachable from anywhere;
  // read once per opening and registry change, not per key.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the registry's version stands for what paletteRows reads
  const listed = useMemo(() => paletteRows(ctx), [version]);
  const commands = listed.map((r) => r.cmd);
  // Rows picked: what acts on them comes first, named with their count.
  const picked = ctx.list?.selectedCount() ?? 0;
  const onPicked = picked > 0 ? listed.filter((r) => r.cmd.selection && r.tier === 'screen') : [];
  const byId = new Map(commands.map((c) => [c.id, c]));
  const history = useMemo(() => {
    resetScores();
    filterInput.records.clear();
    return runs();
  }, []);
  const use = useMemo(() => frecencies(history), [history]);
  filterInput.used = use;
  // The filter's view of every row (a picked row under its count's title).
  filterInput.rows = useMemo(
    () =>
      new Map(
        listed.map((r) => [
          rowValue(r.cmd),
          { words: wordsOf(r.cmd), tier: r.tier, usage: usageBoost(use.get(r.cmd.id)) },
        ]),
      ),
    [listed, use],
  );
  for (const r of onPicked)
    filterInput.rows.set(rowValue(r.cmd, r.cmd.selection!(picked)), {
      words: wordsOf(r.cmd, r.cmd.selection!(picked)),
      tier: r.tier,
      usage: 1,
    });
  const typing = search.trim() !== '';
  // Recents first, while nothing is typed; typing ranks everything by match, in one list.
  const recent = typing ? [] : recentCommands(history).flatMap((id) => byId.get(id) ?? []);
  const recentRecs = typing ? [] : recentRecords();
  const pickedFirst = !typing && onPicked.length > 0;
  // The other commands: one flat list in their groups' order, each row naming its group. The
  // same rows whether or not something is typed, so a key only filters and orders them (cmdk
  // does, outside React): moving them into and out of groups would mount every row again.
  const rest = useMemo(() => {
    const groups = [...new Set(listed.map((r) => r.cmd.group))];
    return groups.flatMap((g) => listed.filter((r) => r.cmd.group === g));
  }, [listed]).filter((r) => !recent.includes(r.cmd) && !(pickedFirst && onPicked.includes(r)));

  // Records of every type answer once two characters are typed: one call for all types.
  const q = search.trim();
  const records = useDebouncedSearch(
    (text, signal) =>
      searchRecords(text, undefined, SEARCH_MAX_LIMIT, signal).then((found) =>
        bestOf(found, text).map((h) => ({ key: recordValue(RECORD, h), label: h.title, hint: h.subtitle, value: h })),
      ),
    q.length >= 2 ? q : '',
    'root',
  );
  // The filter ranks the records by their titles: known before their rows mount and are scored.
  for (const item of records.items) filterInput.records.set(item.key, item.label);
  useKeepSelection(
    records.items.map((i) => i.key),
    awaiting(records, q.length >= 2 ? q : ''),
    records.answered,
  );

  return (
    <>
      <Cmdk.Empty>{records.loading ? 'Searching…' : 'No matching command or record.'}</Cmdk.Empty>
      {pickedFirst && (
        <Cmdk.Group heading={`${formatNumber(picked)} selected`} value="group:selection">
          {onPicked.map((r) => (
            <CommandItem key={r.cmd.id} cmd={r.cmd} title={r.cmd.selection!(picked)} onChoose={onChoose} />
          ))}
        </Cmdk.Group>
      )}
      {recentRecs.length > 0 && (
        <Cmdk.Group heading="Recently opened" value="group:recent-records">
          {recentRecs.map((h) => (
            <RecordRow key={recordValue(RECENT, h)} value={recordValue(RECENT, h)} hit={h} showType />
          ))}
        </Cmdk.Group>
      )}
      {recent.length > 0 && (
        <Cmdk.Group heading="Recent commands" value="group:recent-commands">
          {recent.map((c) => (
            <CommandItem key={c.id} cmd={c} onChoose={onChoose} />
          ))}
        </Cmdk.Group>
      )}
      {/* Outside groups: cmdk orders these by score while something is typed, above the record groups. */}
      {rest.map((r) => (
        <CommandItem
          key={r.cmd.id}
          cmd={r.cmd}
          title={picked > 0 && r.cmd.selection && r.tier === 'screen' ? r.cmd.selection(picked) : r.cmd.title}
          onChoose={onChoose}
          showGroup
          elsewhere={r.tier === 'elsewhere'}
        />
      ))}
      {records.error && q.length >= 2 && (
        <div className="palette-note" role="alert">
          {records.error}
        </div>
      )}
      {RECORD_TYPES.map(({ type, heading }) => {
        const found = records.items.filter((i) => (i.value as SearchHit).type === type);
        if (found.length === 0) return null;
        // A full group may have more: its "Find …" page lists up to 20, with this search.
        const finder = found.length >= ROOT_LIMIT ? byId.get(`${type}.find`) : undefined;
        return (
          <Cmdk.Group key={type} heading={heading} value={`group:records-${type}`}>
            {found.map((item) => (
              <RecordRow key={item.key} value={item.key} hit={item.value as SearchHit} />
            ))}
            {finder && (
              <Cmdk.Item value={`${MORE}${type}`} onSelect={() => onMore(finder, q)}>
                <span className="palette-title palette-more-row">All matching {heading.toLowerCase()}…</span>
                <span className="palette-more" aria-hidden>
                  ›
                </span>
              </Cmdk.Item>
            )}
          </Cmdk.Group>
        );
      })}
    </>
  );
}
