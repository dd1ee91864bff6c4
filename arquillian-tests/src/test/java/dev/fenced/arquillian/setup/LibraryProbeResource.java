package dev.fenced.arquillian.setup;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /api/probe/<class name>}: {@code deployment} when the class loads from this
 * deployment, {@code elsewhere} when another class loader has it, {@code missing} when none does.
 */
@Path("probe/{className}")
public class LibraryProbeResource {

  @GET
  @Produces(MediaType.TEXT_PLAIN)
  public String probe(@PathParam("className") String className) {
    ClassLoader deployment = LibraryProbeResource.class.getClassLoader();
    try {
      Class<?> probed = Class.forName(className, false, deployment);
      return probed.getClassLoader() == deployment ? "deployment" : "elsewhere";
    } catch (ClassNotFoundException e) {
      return "missing";
    }
  }
}
