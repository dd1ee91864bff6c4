package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.config.BodyLimits;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.EncryptionSettings;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.config.HealthSettings;
import dev.fenced.cdi.config.InterceptorOrder;
import dev.fenced.cdi.config.ProblemTypeBase;
import java.util.ArrayList;
import java.util.List;

/**
 * The application-wide settings: the global ones, the body limits, the problem type base, the
 * readiness checks' timeout, the encryption keys, the interceptor order and the store set-up
 * check's value, each read as its setting reads it.
 */
public final class SettingsCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    ConfigLookup config = deployment.config();
    List<String> problems = new ArrayList<>(GlobalSettings.problems(config));
    problems.addAll(BodyLimits.problems(config));
    problems.addAll(ProblemTypeBase.problems(config));
    problems.addAll(HealthSettings.problems(config));
    problems.addAll(EncryptionSettings.problems(config));
    problems.addAll(InterceptorOrder.problems(config));
    StoreSetUpCheck.problem(config).ifPresent(problems::add);
    return problems;
  }
}
