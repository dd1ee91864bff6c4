package dev.fenced.tck.deployment.graphql.query;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Query;

/** A query annotated {@code @Idempotent}: a query reads and is never guarded. */
@GraphQLApi
@ApplicationScoped
public class Catalogue {

  /**
   * @param isbn the book
   * @return its title
   */
  @Query
  @Idempotent
  public String title(@Name("isbn") String isbn) {
    return isbn;
  }
}
