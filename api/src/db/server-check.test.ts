import { describe, expect, it } from 'vitest';
import { sessionProblems, type MysqlSessionFacts } from './server-check.ts';

const good: MysqlSessionFacts = {
  characterSet: 'utf8mb4',
  collation: 'utf8mb4_bin',
  sqlMode: 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION',
  localInfile: true,
};

describe('sessionProblems', () => {
  it('finds nothing wrong with the session every connection sets', () => {
    expect(sessionProblems(good)).toEqual([]);
  });

  it('names a session in another character set and says what to change', () => {
    const [problem, ...rest] = sessionProblems({
      ...good,
      characterSet: 'utf8mb3',
      collation: 'utf8mb3_general_ci',
    });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/talks utf8mb3 \(utf8mb3_general_ci\), not utf8mb4 \(utf8mb4_bin\)/);
    expect(problem).toMatch(/MySQL 5\.7\+, MariaDB 10\.3\+/);
  });

  it('names the sql_mode flags that are missing or must be off', () => {
    const [problem] = sessionProblems({
      ...good,
      sqlMode: 'STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES,ANSI_QUOTES',
    });
    expect(problem).toMatch(/lacks STRICT_ALL_TABLES, ERROR_FOR_DIVISION_BY_ZERO, NO_ZERO_DATE/);
    expect(problem).toMatch(/has NO_BACKSLASH_ESCAPES, ANSI_QUOTES/);
    expect(problem).toMatch(/remove init_connect or proxy settings/);
  });
});
