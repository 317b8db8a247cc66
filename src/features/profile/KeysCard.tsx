// The profile's keyboard card: the shortcut coach's switch (src/commands/coach.ts), the keys this
// admin pressed this week, and the commands they reach by mouse or palette that have keys
// (src/commands/keyStats.ts), each with its keys as the cheat sheet shows them.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { coachOn, setCoachOn } from '@/commands/coach';
import { commandKeys, keyStats, PRESSED_DAYS, REACHED_DAYS, type KeyUse } from '@/commands/keyStats';
import { getVersion, registerLaterCommands, subscribe } from '@/commands/registry';
import { runs } from '@/commands/usage';
import { Kbd } from '@/ui/Kbd';

export function KeysCard() {
  const [on, setOn] = useState(coachOn);
  // Every screen's commands, for the titles and keys of those run on screens not opened yet.
  useEffect(() => void registerLaterCommands(), []);
  const version = useSyncExternalStore(subscribe, getVersion);
  const history = useMemo(runs, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the registry's version stands for what commandKeys reads
  const { pressed, reached } = useMemo(() => keyStats(history, commandKeys), [history, version]);

  return (
    <section className="card keys-card" aria-labelledby="keys-title">
      <h2 id="keys-title">Keyboard</h2>
      <label className="check">
        <input
          type="checkbox"
          name="coach"
          checked={on}
          onChange={(e) => {
            setCoachOn(e.target.checked);
            setOn(e.target.checked);
          }}
        />
        Show me the keys I could have pressed
      </label>
      <Uses
        id="keys-pressed"
        title="Keys you used this week"
        empty="None yet this week. ? lists every key."
        uses={pressed}
        about={`Run by their keys in the last ${PRESSED_DAYS} days`}
      />
      <Uses
        id="keys-reached"
        title="Most run by mouse or palette"
        empty="None lately."
        uses={reached}
        about={`Commands that have keys, in the last ${REACHED_DAYS} days`}
      />
    </section>
  );
}

function Uses({
  id,
  title,
  about,
  empty,
  uses,
}: {
  id: string;
  title: string;
  about: string;
  empty: string;
  uses: KeyUse[];
}) {
  return (
    <div className="keys-uses">
      <h3 id={id}>{title}</h3>
      <p className="keys-about">{about}</p>
      {uses.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id}>
          {uses.map((u) => (
            <li key={u.id}>
              <span className="keys-title">{u.title}</span>
              <Kbd shortcut={u.shortcut} announce />
              <span className="keys-count">
                <span aria-hidden>×{u.count}</span>
                <span className="visually-hidden">{`${u.count} ${u.count === 1 ? 'time' : 'times'}`}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
