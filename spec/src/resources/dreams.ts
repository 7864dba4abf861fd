// Filled by the family's author: named TypeBox schemas with `$id`s (see resources/common.ts).
export {};
