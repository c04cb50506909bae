import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import patterns reaching into the named top-level folders from anywhere in the repository. */
const partsOf = (parts) =>
  parts.flatMap((part) => [1, 2, 3, 4, 5, 6].map((depth) => `${'../'.repeat(depth)}${part}/*`));
const otherParts = partsOf(['ui', 'api', 'realtime', 'scripts']);
/** Every other folder of code: common/ imports none of them, server-common/ (Node code) included. */
const notCommon = partsOf(['ui', 'api', 'realtime', 'server-common', 'scripts']);

/**
 * One boundary of the architecture: the files of `files` may not import from the `forbidden`
 * folders. Tests of a part may also use the other parts' test tools and builders (scripts/,
 * the UI's examples), `testsMay`; a test that runs both servers lives in tests/.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const boundary = (part, forbidden, testsMay, message) => {
  const rule = (parts) => ['error', { patterns: [{ group: partsOf(parts), message }] }];
  return [
    { files: [`${part}/**/*.{ts,tsx}`], ignores: TESTS, rules: { 'no-restricted-imports': rule(forbidden) } },
    {
      files: TESTS.map((test) => `${part}/${test}`),
      rules: { 'no-restricted-imports': rule(forbidden.filter((other) => !testsMay.includes(other))) },
    },
  ];
};

/**
 * Per-address limits and the security log count a visitor by one key, read in one place per
 * server (docs/architecture.md, server-common/): api/src/http/visitor-address.ts (`addressGroupOf`)
 * and realtime/src/limits/connection-limits.ts. Elsewhere in the servers' code the raw address
 * may not be read (checked by scripts/lint/visitor-address.test.ts). The API's connection cap
 * reads its socket's peer, which is what it counts (api/src/http/connection-cap.ts).
 */
const RAW_ADDRESS =
  'Read the visitor by its one key: addressGroupOf(request) (api/src/http/visitor-address.ts) in the API, ' +
  "the connection limits' addressOf in realtime/ — never request.ip, X-Forwarded-For or a socket's address.";
const REQUEST = '/^_?req(uest)?$/';
const rawAddressSelectors = ({ peers }) => [
  // request.ip, req.ips, reply.request.ip, and `{ ip }` taken from a request or a handler's argument.
  `MemberExpression[property.name=/^ips?$/][object.name=${REQUEST}]`,
  "MemberExpression[property.name=/^ips?$/][object.property.name='request']",
  `VariableDeclarator[init.name=${REQUEST}] > ObjectPattern > Property[key.name=/^ips?$/]`,
  ':function > ObjectPattern > Property[key.name=/^ips?$/]',
  // The forwarded header read by hand.
  'Literal[value=/^x-forwarded-for$/i]',
  ...(peers
    ? [
        "MemberExpression[property.name='remoteAddress']",
        "MemberExpression[property.name='address'][object.property.name='handshake']",
      ]
    : []),
];
const rawAddressRule = (options) => [
  'error',
  ...rawAddressSelectors(options).map((selector) => ({ selector, message: RAW_ADDRESS })),
];

/** What a flag of a request in flight gets called (ui/src, beside a mutation: see below). */
const BUSY_WORDS =
  'busy|pending|loading|submitting|sending|saving|testing|retrying|creating|revoking|deleting|uploading';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // common/ is the one truth shared by browser and servers: it may not reach into any of them,
    // and it stays free of Node-only modules so the browser can import every file of it.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: notCommon,
              message: 'common/ must not import from ui/, api/, realtime/, server-common/ or scripts/.',
            },
            { group: ['node:*'], message: 'common/ is shared with the browser: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // server-common/ is Node code both servers share; like common/, it may not reach into either.
    files: ['server-common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: otherParts,
              message: 'server-common/ must not import from ui/, api/, realtime/ or scripts/.',
            },
          ],
        },
      ],
    },
  },
  // The two servers are separate processes: what both need lives in server-common/ (or common/),
  // never in the other's source. Tests that run both are under tests/. (Checked by
  // scripts/lint/boundaries.test.ts.)
  ...boundary(
    'realtime',
    ['api', 'ui', 'scripts'],
    ['ui', 'scripts'],
    'realtime/ must not import from api/ (nor its source from ui/ or scripts/): shared server code goes in server-common/.',
  ),
  ...boundary(
    'api',
    ['realtime', 'ui', 'scripts'],
    ['ui', 'scripts'],
    'api/ must not import from realtime/ (nor its source from ui/ or scripts/): shared server code goes in server-common/.',
  ),
  // The browser gets common/ and its own code only.
  ...boundary(
    'ui',
    ['api', 'realtime', 'server-common', 'scripts'],
    [],
    'ui/ must not import server code (api/, realtime/, server-common/, scripts/): shared logic goes in common/.',
  ),
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The UI's state lives in TanStack Query (server state) and jotai atoms (client state), nothing
    // else: no hand-made stores. (docs/architecture.md; checked by scripts/lint/ui-state.test.ts.)
    files: ['ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // React's hook for subscribing to a store of one's own.
          "ImportSpecifier[imported.name='useSyncExternalStore']",
          "MemberExpression[property.name='useSyncExternalStore']",
          // A set of callbacks, or something named for them: a subscriber list.
          "NewExpression[callee.name='Set'] > TSTypeParameterInstantiation > TSFunctionType",
          "TSTypeReference[typeName.name='Set'] > TSTypeParameterInstantiation > TSFunctionType",
          'PropertyDefinition[key.name=/^(listeners|subscribers)$/]',
          'VariableDeclarator[id.name=/^(listeners|subscribers)$/]',
          // An event emitter of one's own.
          "NewExpression[callee.name='EventTarget']",
          "ClassDeclaration[superClass.name='EventTarget']",
        ].map((selector) => ({
          selector,
          message: 'A hand-made store: keep UI state in jotai atoms (client) or TanStack Query (server).',
        })),
        {
          // A request's busy flag kept by hand beside the mutation that already knows it. Only
          // these names, and only in a function that calls a mutation hook: a flag of other work
          // (a timer, a file being read) in a screen without one is not the mutation's to tell.
          selector:
            [
              ':function:has(CallExpression[callee.name=/Mutation$/])',
              "VariableDeclarator:matches([init.callee.name='useState'], [init.callee.property.name='useState'])",
              '> ArrayPattern > Identifier:first-child',
            ].join(' ') + `[name=/^(is)?(${BUSY_WORDS})$/i]`,
          message: "A request's busy state by hand: read isPending (and error, data) from its mutation.",
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts', 'realtime/src/**/*.ts'],
    ignores: [...TESTS, 'api/src/http/visitor-address.ts', 'realtime/src/limits/connection-limits.ts'],
    rules: { 'no-restricted-syntax': rawAddressRule({ peers: true }) },
  },
  {
    // Counts TCP peers, not visitors (a connection opens before any header): its socket's address.
    files: ['api/src/http/connection-cap.ts'],
    rules: { 'no-restricted-syntax': rawAddressRule({ peers: false }) },
  },
  {
    // common/ does no I/O and uses neither Node's nor the browser's APIs, whatever it imports: the
    // same modules run in the browser, the API and the realtime server (docs/architecture.md,
    // "Pure logic in common/"; checked by scripts/lint/common-purity.test.ts). Timers too: code
    // that keeps time in Node lives in server-common/.
    files: ['common/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'indexedDB'],
          ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'Worker', 'crypto', 'performance'],
          ['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'],
          ['setTimeout', 'setInterval', 'setImmediate', 'requestAnimationFrame', 'console'],
        ]
          .flat()
          .map((name) => ({ name, message: 'common/ is pure: no I/O, no Node or browser APIs.' })),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
