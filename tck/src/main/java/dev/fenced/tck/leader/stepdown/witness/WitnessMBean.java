package dev.fenced.tck.leader.stepdown.witness;

import java.util.List;

/** What the leader deployment reports to, by JMX. */
public interface WitnessMBean {

  /**
   * Records one line.
   *
   * @param line what happened
   */
  void record(String line);

  /**
   * The lines so far.
   *
   * @return the lines, oldest first
   */
  List<String> getLines();
}
