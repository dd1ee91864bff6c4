package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Every call commits before it returns, on whatever connection the store's datasource gives. */
class OwnTransactionTest {

  @Test
  void a_call_on_a_connection_with_autocommit_off_is_committed_before_it_returns() {
    DataSource plain = MariaDbTestServer.dataSource(MariaDbTestServer.url());
    MariaDbStore manual = new MariaDbStore(autocommitOff(plain), Duration.ofSeconds(5));
    MariaDbStore other = new MariaDbStore(plain, Duration.ofSeconds(5));

    assertThat(manual.acquire("own-transaction", "owner-a", "fp-a", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(other.acquire("own-transaction", "owner-b", "fp-b", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp-a"));
  }

  /** {@code dataSource}, whose connections come with autocommit off, as some pools configure. */
  private static DataSource autocommitOff(DataSource dataSource) {
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, arguments) -> {
              try {
                Object result = method.invoke(dataSource, arguments);
                if (result instanceof Connection connection) {
                  connection.setAutoCommit(false);
                }
                return result;
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
