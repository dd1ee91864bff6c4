package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CountingPostgresProxy} in front of a stand-in server that answers every {@code Sync} and
 * simple {@code Query} with {@code ReadyForQuery}, as PostgreSQL does.
 */
class CountingPostgresProxyTest {

  private ServerSocket standIn;
  private CountingPostgresProxy proxy;
  private Socket client;
  private DataInputStream answers;

  @BeforeEach
  void connect() throws IOException {
    standIn = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    Thread server = new Thread(this::serve, "stand-in-postgres");
    server.setDaemon(true);
    server.start();
    proxy = CountingPostgresProxy.start("127.0.0.1", standIn.getLocalPort());
    client = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
    answers = new DataInputStream(client.getInputStream());
    // an SSLRequest answered "no", then the StartupMessage answered ReadyForQuery
    write(untyped(80877103, new byte[0]));
    assertThat(answers.readByte()).isEqualTo((byte) 'N');
    write(untyped(196608, "user\0postgres\0\0".getBytes(StandardCharsets.US_ASCII)));
    awaitReady(1);
  }

  @AfterEach
  void close() throws IOException {
    client.close();
    proxy.close();
    standIn.close();
  }

  @Test
  void opening_a_connection_is_no_round_trip() {
    assertThat(proxy.roundTrips()).isZero();
    assertThat(proxy.connections()).isEqualTo(1);
  }

  @Test
  void a_begin_written_with_the_statement_is_one_round_trip_and_the_commit_after_it_another()
      throws IOException {
    write(message('Q', "BEGIN"), extended("UPDATE t SET v = 1"));
    awaitReady(2);
    write(extended("COMMIT"));
    awaitReady(1);

    assertThat(proxy.roundTrips()).isEqualTo(2);
    assertThat(proxy.messages('Q')).isEqualTo(1);
    assertThat(proxy.messages('S')).isEqualTo(2);
  }

  @Test
  void a_message_cut_into_single_bytes_is_counted_once() throws IOException {
    byte[] flight = extended("SELECT 1");
    for (byte b : flight) {
      write(new byte[] {b});
    }
    awaitReady(1);

    assertThat(proxy.roundTrips()).isEqualTo(1);
    assertThat(proxy.messages('P')).isEqualTo(1);
    assertThat(proxy.messages('S')).isEqualTo(1);
  }

  private void write(byte[]... parts) throws IOException {
    OutputStream out = client.getOutputStream();
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      all.write(part);
    }
    out.write(all.toByteArray());
    out.flush();
  }

  /** Reads {@code count} ReadyForQuery messages. */
  private void awaitReady(int count) throws IOException {
    for (int i = 0; i < count; i++) {
      assertThat(answers.readByte()).isEqualTo((byte) 'Z');
      answers.readNBytes(answers.readInt() - 4);
    }
  }

  /** Parse, Bind, Execute, Sync of one statement. */
  private static byte[] extended(String sql) {
    ByteArrayOutputStream flight = new ByteArrayOutputStream();
    flight.writeBytes(message('P', "\0" + sql + "\0\0\0"));
    flight.writeBytes(message('B', "\0\0\0\0\0\0\0\0"));
    flight.writeBytes(message('E', "\0\0\0\0\0"));
    flight.writeBytes(message('S', ""));
    return flight.toByteArray();
  }

  private static byte[] message(char type, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    message.write(type);
    message.writeBytes(length(bytes.length + 4));
    message.writeBytes(bytes);
    return message.toByteArray();
  }

  private static byte[] untyped(int code, byte[] body) {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    message.writeBytes(length(body.length + 8));
    message.writeBytes(length(code));
    message.writeBytes(body);
    return message.toByteArray();
  }

  private static byte[] length(int value) {
    return new byte[] {
      (byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value
    };
  }

  /** Answers the opening, then every Sync and Query with ReadyForQuery ("idle"). */
  private void serve() {
    try (Socket socket = standIn.accept();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        DataOutputStream out = new DataOutputStream(socket.getOutputStream())) {
      while (true) {
        int length = in.readInt();
        int code = in.readInt();
        in.readNBytes(length - 8);
        if (code != 80877103) {
          break;
        }
        out.write('N');
        out.flush();
      }
      ready(out);
      while (true) {
        int type = in.read();
        if (type < 0) {
          return;
        }
        in.readNBytes(in.readInt() - 4);
        if (type == 'S' || type == 'Q') {
          ready(out);
        }
      }
    } catch (IOException e) {
      // the test closed the connection
    }
  }

  private static void ready(DataOutputStream out) throws IOException {
    out.write('Z');
    out.writeInt(5);
    out.write('I');
    out.flush();
  }
}
