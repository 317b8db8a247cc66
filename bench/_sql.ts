import { healthQueueSql } from '../server/services/health';
const id = process.argv[2] as never;
const w = process.argv[3];
const s = healthQueueSql(id);
console.log(w === 'count' ? s.count : s.page.replace('$1', '0').replace('$2', '51'));
