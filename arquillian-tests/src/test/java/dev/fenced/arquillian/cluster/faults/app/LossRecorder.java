package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.locks.LockLost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Records every {@link LockLost} this member fires: which lock, which token, how it was noticed.
 */
@ApplicationScoped
public class LossRecorder {

  @Inject Member member;
  @Inject RecordTables records;

  void lost(@Observes LockLost loss) {
    records.loss(
        member.name(),
        loss.key(),
        loss.fencingToken(),
        loss.detectedBy().name(),
        System.currentTimeMillis());
  }
}
