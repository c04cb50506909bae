import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const otherParts = ['ui', 'api', 'realtime', 'scripts'].flatMap((part) => [
  `../${part}/*`,
  `../../${part}/*`,
  `../../../${part}/*`,
  `../../../../${part}/*`,
]);

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
            { group: otherParts, message: 'common/ must not import from ui/, api/, realtime/ or scripts/.' },
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
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
