package dev.fenced.store.jpa;

/**
 * Both store contracts, unchanged, on datasources only Fenced uses ({@link
 * DataSourceSharing#FENCED_ONLY}: the bounds set once per physical connection, each later call its
 * statement alone), on the database that defaults to REPEATABLE READ of {@link
 * RepeatableReadDataSourceContractsTest}: the session's own default (READ COMMITTED) is what every
 * call runs in. A round races the statements on bounded sessions.
 */
class FencedOnlyDataSourceContractsTest extends RepeatableReadDataSourceContractsTest {

  @Override
  DataSourceSharing sharing() {
    return DataSourceSharing.FENCED_ONLY;
  }
}
