/**
 * Splits a SQL script into statements at top-level semicolons, respecting quotes, dollar quoting and
 * comments. Used to record `statements` in supabase_migrations.schema_migrations as the CLI does;
 * execution sends the whole file to Postgres, so a mistake here cannot change what runs.
 */
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  // Whether anything but whitespace and comments has been seen since `start`.
  let content = false;
  const n = sql.length;
  const push = (end: number) => {
    if (content) statements.push(sql.slice(start, end).trim());
    content = false;
  };
  while (i < n) {
    const ch = sql[i] ?? '';
    const next = sql[i + 1];
    if (!/\s/.test(ch) && ch !== ';' && !(ch === '-' && next === '-') && !(ch === '/' && next === '*')) {
      content = true;
    }
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (ch === "'" || ch === '"') {
      const escapes = ch === "'" && /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === ch && sql[i + 1] === ch) i += 2;
        else if (sql[i] === ch) {
          i++;
          break;
        } else i++;
      }
    } else if (ch === '$') {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(sql);
      if (tag && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
      } else i++;
    } else if (ch === ';') {
      push(i);
      i++;
      start = i;
    } else i++;
  }
  push(n);
  return statements;
}
