package dev.fenced.tck.message.scoped;

import jakarta.enterprise.context.RequestScoped;

/** The tenant the current request acts for, set by the test. */
@RequestScoped
public class Tenant {

  private String name = "";

  /**
   * The tenant.
   *
   * @return its name; empty when none was set
   */
  public String name() {
    return name;
  }

  /**
   * Acts for a tenant from now on in this request.
   *
   * @param name the tenant's name
   */
  public void actFor(String name) {
    this.name = name;
  }
}
