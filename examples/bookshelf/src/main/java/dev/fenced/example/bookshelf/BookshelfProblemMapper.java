package dev.fenced.example.bookshelf;

import jakarta.json.Json;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;

/** Answers a {@link BookshelfProblem} with {@code application/problem+json}. */
@Provider
public class BookshelfProblemMapper implements ExceptionMapper<BookshelfProblem> {

  static final String PROBLEM_JSON = "application/problem+json";

  @Override
  public Response toResponse(BookshelfProblem problem) {
    String body =
        Json.createObjectBuilder()
            .add("type", "https://bookshelf.example/problems/" + slug(problem.code()))
            .add("title", problem.title())
            .add("status", problem.status().getStatusCode())
            .add("detail", problem.getMessage())
            .add("code", problem.code())
            .build()
            .toString();
    return Response.status(problem.status()).type(PROBLEM_JSON).entity(body).build();
  }

  private static String slug(String code) {
    return code.toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
