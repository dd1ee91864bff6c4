package dev.fenced.arquillian.cluster.app;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/leader}: {@code {"member":"a","leader":true}}. */
@Path("leader")
@RequestScoped
public class LeaderResource {

  @Inject Member member;
  @Inject ClusterLeader leader;

  /**
   * Whether this member leads now.
   *
   * @return the member's name and its leadership
   */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public String leader() {
    return "{\"member\":\"" + member.name() + "\",\"leader\":" + leader.leads() + "}";
  }
}
