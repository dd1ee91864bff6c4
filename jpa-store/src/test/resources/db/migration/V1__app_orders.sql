-- The application's own first migration (FlywayRecipeTest): Fenced's migration must not clash with it.
CREATE TABLE app_orders (
    id    bigint  NOT NULL PRIMARY KEY,
    total numeric NOT NULL
);
