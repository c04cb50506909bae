import { Type, type Static } from 'typebox';

/** The one error shape every API route answers with, 4xx and 5xx alike. */
export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'A message for people.' }),
    code: Type.String({ description: 'A stable code for programs.' }),
    details: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `{ success: true }`, the answer of an action that has nothing else to say. */
export const Done = Type.Object({ success: Type.Literal(true) });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
